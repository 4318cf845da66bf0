"""`python -m companion serve`: prints its address, serves with the CSP, stops cleanly.

No browser needed: plain HTTP against the subprocess.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

from browser_ui import REPO, free_port, wait_port


def test_serve_prints_its_address_sends_the_csp_and_stops_on_sigterm(tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--port", str(port),
         "--data", str(tmp_path / "games")],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == f"Gnav Companion: http://127.0.0.1:{port}"
        wait_port(port, proc=proc)
        for path in ("/", "/game/1", "/main.dart.js"):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as r:
                assert r.status == 200
                assert "default-src 'self'" in r.headers["Content-Security-Policy"]
        assert (tmp_path / "games").is_dir()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(15) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_serve_says_so_when_the_port_is_taken(tmp_path: Path) -> None:
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "companion", "serve", "--port", str(port),
             "--data", str(tmp_path / "games")],
            check=False, cwd=REPO, capture_output=True, text=True, timeout=60,
        )
    assert done.returncode == 1
    assert f"cannot listen on 127.0.0.1:{port}" in done.stderr


# A server whose stop is asked for in the moment between its port answering (from bind on)
# and uvicorn listening for signals: the on_bound hook sends it, as a test or a service
# manager does when it stops a server that has only just started.
_STOP_AT_START = """
import os, signal, sys
from companion.server import run_server

async def app(scope, receive, send):
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await send({"type": "lifespan.shutdown.complete"})
                return

def stop_now(host, port, server):
    os.kill(os.getpid(), signal.SIGTERM)
    return ["asked to stop"]

sys.exit(run_server(app, "127.0.0.1", int(sys.argv[1]), on_bound=stop_now))
"""


def test_a_stop_asked_for_as_the_port_opens_is_kept_not_ignored(tmp_path: Path) -> None:
    """A SIGTERM between the port opening and uvicorn's own signal handler was swallowed: the
    server then ran until killed (the two-process test's restarted serve, stopped the moment
    its port answered, once took over 30 s and was killed). It now stops, cleanly, at once."""
    proc = subprocess.run([sys.executable, "-c", _STOP_AT_START, str(free_port())], cwd=REPO,
                          capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
    assert "asked to stop" in proc.stdout
