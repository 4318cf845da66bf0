"""Where the Flet web client's files come from, which of them the app needs, and its pages as
this server hands them out (index.html told where the websocket is and that nothing comes
from a CDN).

The client's files ship only inside the flet-web wheel, which a built app cannot install (its
server half needs FastAPI and uvicorn[standard]). So: flet-web's own `web` folder when it is
installed (a desktop, the tests), else a copy made into the app's folder before `flet build`
by `python -m companion bundle-web-client`, else none (the built app then serves the boards
only). The patching follows flet_web/patch_index.py (flet-web 1.0.5, Apache-2.0), cut to what
this app uses: no Pyodide, no CDN, path routes, the websocket at /ws.
"""

from __future__ import annotations

import fnmatch
import importlib.util
import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

# The app's folder as `flet build` packages it (main.py beside companion/): the bundle lives
# there, beside `assets`, not inside the package, and is no part of the repository.
APP_ROOT = Path(__file__).resolve().parents[2]
BUNDLE_NAME = "web-client"
BUNDLE_DIR = APP_ROOT / BUNDLE_NAME

WEBSOCKET_PATH = "/ws"

# What a browser asks for with no CDN, measured with Chromium here (every file it asked for)
# and completed with the variants other browsers load instead: flutter_bootstrap.js picks the
# WebAssembly build (main.dart.wasm + skwasm) where WasmGC and WebGL are there, else
# main.dart.js with CanvasKit, Chromium's smaller CanvasKit where the browser has its own
# break iterators and image codecs, and skwasm_heavy where it has not.
NEEDED = (
    "index.html",
    "manifest.json",
    "version.json",
    "favicon.png",
    "flutter.js",
    "flutter_bootstrap.js",
    "flutter_service_worker.js",
    "python.js",  # index.html loads it always; it starts Pyodide only when asked to
    "main.dart.js",
    "main.dart.mjs",
    "main.dart.wasm",
    "icons/*.png",
    "canvaskit/canvaskit.js",
    "canvaskit/canvaskit.wasm",
    "canvaskit/chromium/canvaskit.js",
    "canvaskit/chromium/canvaskit.wasm",
    "canvaskit/skwasm.js",
    "canvaskit/skwasm.wasm",
    "canvaskit/skwasm_heavy.js",
    "canvaskit/skwasm_heavy.wasm",
    "assets/AssetManifest.bin",
    "assets/AssetManifest.bin.json",
    "assets/FontManifest.json",
    "assets/NOTICES",  # the licences of what the client is built from, shown by its about box
    "assets/fonts/*",
    "assets/shaders/*",
    "assets/packages/cupertino_icons/*",
    "assets/packages/flutter_math_fork/*",  # fonts the font manifest names: loaded at start
    "assets/packages/wakelock_plus/*",  # the screen kept awake at the table
)


def needed(relative: str) -> bool:
    """Whether the client file at `relative` (a path with '/') belongs in the bundle."""
    return any(fnmatch.fnmatchcase(relative, pattern) for pattern in NEEDED)


def installed_web_dir() -> Path | None:
    """flet-web's `web` folder when flet-web is installed (found, not imported: importing it
    costs nothing here, but its server half is what a built app cannot have)."""
    spec = importlib.util.find_spec("flet_web")
    if spec is None or spec.origin is None:
        return None
    found = Path(spec.origin).parent / "web"
    return found if (found / "index.html").is_file() else None


def client_dir() -> Path | None:
    """Where the client's files are: flet-web's own, else the bundle, else None."""
    installed = installed_web_dir()
    if installed is not None:
        return installed
    if (BUNDLE_DIR / "index.html").is_file():
        return BUNDLE_DIR
    return None


@dataclass(frozen=True)
class Bundled:
    files: int
    size: int  # bytes


def bundle(source: Path, destination: Path) -> Bundled:
    """Copies the files the app's client needs from `source` (flet-web's `web` folder) into
    `destination`, made afresh."""
    if destination.exists():
        shutil.rmtree(destination)
    files = size = 0
    for path in sorted(source.rglob("*")):
        relative = path.relative_to(source).as_posix()
        if not path.is_file() or not needed(relative):
            continue
        target = destination / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
        files += 1
        size += path.stat().st_size
    return Bundled(files, size)


def index_html(web_dir: Path, name: str) -> bytes:
    """The client's index.html for this server: its root, its websocket, CanvasKit and the
    fallback fonts from here, the renderer chosen by the browser, path routes."""
    index = (web_dir / "index.html").read_text(encoding="utf-8")
    config = "\n".join([
        "flet.pyodide = false;",
        'flet.canvasKitBaseUrl="/canvaskit/";',
        'flet.fontFallbackBaseUrl="assets/fonts/";',
        "flet.noCdn=true;",
        'flet.webRenderer="auto";',
        'flet.routeUrlStrategy="path";',
        'flet.entrypointBaseUrl="/";',
        'flet.assetBase="/";',
        f'flet.webSocketEndpoint="{WEBSOCKET_PATH}";',
    ])
    index = index.replace("<!-- fletAppConfig -->", f"<script>\n{config}\n</script>")
    index = re.sub(r"<title>.*?</title>", f"<title>{_escaped(name)}</title>", index, count=1)
    index = re.sub(r'(<meta name="apple-mobile-web-app-title" content=")[^"]*(">)',
                   lambda m: m[1] + _escaped(name) + m[2], index, count=1)
    return index.encode("utf-8")


def manifest_json(web_dir: Path, name: str) -> bytes:
    manifest = json.loads((web_dir / "manifest.json").read_text(encoding="utf-8"))
    manifest["name"] = manifest["short_name"] = name
    return json.dumps(manifest, indent=2).encode("utf-8")


def font_manifest_json(web_dir: Path) -> bytes:
    """The font manifest with Roboto added: with no CDN it is the only text font there is."""
    path = web_dir / "assets" / "FontManifest.json"
    manifest = json.loads(path.read_text(encoding="utf-8"))
    manifest.append({"family": "Roboto", "fonts": [{"asset": "fonts/roboto.woff2"}]})
    return json.dumps(manifest, indent=2).encode("utf-8")


def _escaped(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")
