"""What the server tells the referee's app about sharing: its addresses, the referee token,
the LAN switch and the QR codes that carry them, as one SharingService the app is given.

No Flet here. `serve()` (or the built app's `start_sharing()`) makes the service, hands it to
the app before the first session starts and to the LanSwitch that keeps it up to date; the
app's Share screen reads it.
"""

from __future__ import annotations

import io
import ipaddress
import json
import os
import socket
import struct
import sys
from collections.abc import Awaitable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import quote

import qrcode  # type: ignore[import-untyped]
import qrcode.constants  # type: ignore[import-untyped]
from qrcode.image.pure import PyPNGImage  # type: ignore[import-untyped]


@dataclass(frozen=True)
class Sharing:
    """How this server can be reached. `token` is None when it listens on loopback only (the
    referee is whoever sits at this machine) and a secret when it listens on the network."""

    port: int
    lan: bool
    addresses: tuple[str, ...] = ()  # this machine's addresses on its networks
    token: str | None = None

    @property
    def base_url(self) -> str:
        host = self.addresses[0] if self.addresses else "127.0.0.1"
        return f"http://{url_host(host)}:{self.port}"

    def board_url(self, game_id: int) -> str:
        return f"{self.base_url}/board/{game_id}"

    @property
    def referee_url(self) -> str | None:
        if self.token is None:
            return None
        return f"{self.base_url}/?token={quote(self.token, safe='')}"


@dataclass(frozen=True)
class Problem:
    """Why the switch could not move: `kind` is "no-network", "cannot-listen" (at `address`,
    the system's `reason`), "fixed" (started with --lan) or "not-running". `text` is the
    English sentence for the terminal; the Share screen says it in the referee's language."""

    kind: str
    text: str
    address: str = ""
    reason: str = ""


class Switch(Protocol):
    """The server's "Let phones follow on the local network" switch, as the Share screen sees
    it. `fixed` when the server was started with --lan (it listens on every address until it
    stops). `set_lan` opens or closes the listeners on this machine's network addresses, keeps
    the choice for the next start, and answers None or the Problem."""

    fixed: bool

    def set_lan(self, on: bool) -> Awaitable[Problem | None]: ...


class SharingService:
    """Sharing as the app sees it: how phones reach this server now (its addresses, a table's
    board URL, the referee link with its token), the LAN switch, and the QR codes that carry
    them. Nothing shared and no switch until told (view tests, a bare App): the Share screen
    then says phones cannot reach the app.

    The server tells it (`update`) when it starts and when the switch opens or closes the
    network; the Share screen only reads it. The switch moves on the server's loop while
    sessions read on their own threads: each read sees one whole Sharing value."""

    def __init__(self, now: Sharing | None = None, switch: Switch | None = None) -> None:
        self._now = now
        self._switch = switch

    @property
    def now(self) -> Sharing | None:
        """How this server can be reached now; None when it is not serving."""
        return self._now

    @property
    def switch(self) -> Switch | None:
        """The "Let phones follow" switch, or None where there is none to move."""
        return self._switch

    def update(self, now: Sharing | None, switch: Switch | None = None) -> None:
        """What the Share screen shows from now on; `switch` stays as it was unless given."""
        self._now = now
        if switch is not None:
            self._switch = switch

    def stop(self) -> None:
        """The server stopped: nothing is shared, and there is no switch left to move."""
        self._now = None
        self._switch = None

    @property
    def lan(self) -> bool:
        """Whether phones on the network can reach this app now."""
        return self._now is not None and self._now.lan

    def board_url(self, game_id: int) -> str | None:
        """Where a phone follows table `game_id`; None while phones cannot reach the app."""
        now = self._now
        return now.board_url(game_id) if now is not None and now.lan else None

    @property
    def referee_url(self) -> str | None:
        """The link that hands the controls to another device; None while phones cannot reach
        the app, or when its controls stay on this device (no token)."""
        now = self._now
        return now.referee_url if now is not None and now.lan else None

    def qr_png(self, text: str) -> bytes:
        return qr_png(text)

    def qr_fits(self, text: str) -> bool:
        return qr_fits(text)


# --- the setting, kept beside the games ------------------------------------------------------

SETTINGS_NAME = "sharing.json"


def lan_wanted(data_dir: Path) -> bool:
    """Whether the referee last chose to let phones follow (False when never chosen or the
    file cannot be read: the network is opened only when asked for)."""
    try:
        saved = json.loads((data_dir / SETTINGS_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(saved, dict) and saved.get("lan") is True


def remember_lan(data_dir: Path, on: bool) -> None:
    """Keeps the choice for the next start (written whole, then renamed into place)."""
    path = data_dir / SETTINGS_NAME
    spare = path.with_name(path.name + ".new")
    spare.write_text(json.dumps({"lan": on}) + "\n", encoding="utf-8")
    os.replace(spare, path)


# --- this machine's addresses ---------------------------------------------------------------

SIOCGIFADDR = 0x8915  # Linux: the IPv4 address of one interface


ADDRESSES_ENV = "GNAV_LAN_ADDRESSES"


class AddressError(ValueError):
    """GNAV_LAN_ADDRESSES names something other than plain IP addresses; the message is the
    sentence the terminal shows at start."""


def lan_addresses() -> tuple[str, ...]:
    """IPv4 addresses of this machine's interfaces other than loopback, read from the
    interface list (nothing is sent anywhere). Linux and Android only; elsewhere an empty
    tuple, and the referee reads the address from the machine's network settings.

    GNAV_LAN_ADDRESSES (comma-separated) names the addresses instead, for a machine on
    several networks where phones should see only one (the tests use a loopback address);
    AddressError when one of them is not a plain IP address."""
    chosen = os.environ.get(ADDRESSES_ENV, "").strip()
    if chosen:
        return parse_addresses(chosen)
    return interface_addresses()


def parse_addresses(text: str) -> tuple[str, ...]:
    """The comma-separated addresses of GNAV_LAN_ADDRESSES, each in its one canonical form.

    Only IP addresses written as such: the system's resolver would also read `127.2`,
    `2130706434` or a host name as an address, and the listener it binds would then be known
    under a name the phones never see. Wildcards and multicast groups are no place to meet.
    """
    found: list[str] = []
    for part in text.split(","):
        written = part.strip()
        if not written:
            continue
        try:
            address = ipaddress.ip_address(written)
        except ValueError:
            raise AddressError(
                f"{ADDRESSES_ENV}: {written!r} is not an IP address in its plain form "
                "(such as 192.168.1.20 or fd00::20); host names, short forms and leading "
                "zeros are not accepted.") from None
        if (address.is_unspecified or address.is_multicast
                or (isinstance(address, ipaddress.IPv6Address) and address.scope_id)):
            raise AddressError(
                f"{ADDRESSES_ENV}: {written!r} is not the address of one network interface "
                "(no wildcards, multicast groups or scoped addresses).")
        if str(address) not in found:
            found.append(str(address))
    return tuple(found)


def url_host(address: str) -> str:
    """An address as the host part of a URL (and of a Host header): IPv6 in brackets."""
    return f"[{address}]" if ":" in address else address


# --- who a listener answers to --------------------------------------------------------------

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
COOKIE = "gnav_referee"  # the referee's cookie, named for each port (Listener.cookie)


@dataclass(frozen=True)
class Listener:
    """One listening socket as the gate sees it: the Host headers its connections may carry
    (`host:port`, lower case; the bare host too on port 80, where browsers leave the port
    out) and whether they need the referee token. The server hands it to the gate with every
    connection that socket accepted, so the gate's rule follows the socket, not an address
    written somewhere."""

    hosts: frozenset[str]
    token: bool
    port: int

    @property
    def cookie(self) -> str:
        """The name of the referee's cookie here. A browser keeps one set of cookies for a
        host name whatever its port, so two listeners of one machine (the built app's window
        on one port, a `serve` on another) giving theirs one name overwrote each other's, and
        one referee was locked out: each port has its own."""
        return f"{COOKIE}_{self.port}"


def listener_for(bound: str, port: int, token: bool,
                 offered: Iterable[str] = ()) -> Listener:
    """The Listener of a socket bound to `bound` (its address as the kernel reports it) on
    `port`. A loopback socket answers to this machine's own names; a wildcard one to those and
    to the network addresses `offered` to the phones; any other to its own address."""
    address = ipaddress.ip_address(bound)
    if address.is_unspecified:
        names = {*LOOPBACK_NAMES, *(url_host(str(ipaddress.ip_address(a))) for a in offered)}
    elif address.is_loopback:
        names = {*LOOPBACK_NAMES, url_host(str(address))}
    else:
        names = {url_host(str(address))}
    hosts = {f"{name}:{port}" for name in names}
    if port == 80:
        hosts.update(names)
    return Listener(frozenset(hosts), token, port)


# A documentation address (TEST-NET-1, RFC 5737): only a route to it is looked up, never used.
ROUTE_PROBE = ("192.0.2.1", 9)


def interface_addresses() -> tuple[str, ...]:
    """The addresses lan_addresses() finds on the interfaces; where the list cannot be read
    (an Android app may not be allowed it), the address of the default route."""
    # Python 3.13 and later say "android" on Android, which `flet build` bundles
    if not sys.platform.startswith(("linux", "android")):
        return ()
    return listed_addresses() or route_address()


def route_address() -> tuple[str, ...]:
    """The IPv4 address this machine would send from by its default route: connecting a UDP
    socket only asks the routing table, no packet is sent. Empty with no route."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(ROUTE_PROBE)
            address = str(s.getsockname()[0])
        except OSError:
            return ()
    return () if address.startswith(("127.", "0.")) else (address,)


def listed_addresses() -> tuple[str, ...]:
    """The non-loopback IPv4 addresses of the interface list."""
    import fcntl

    found: list[str] = []
    try:
        interfaces = socket.if_nameindex()
    except (OSError, AttributeError):  # AttributeError: a Python built without it
        return ()
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for _index, name in interfaces:
            request = struct.pack("256s", name.encode("utf-8")[:15])
            try:
                answer = fcntl.ioctl(s.fileno(), SIOCGIFADDR, request)
            except OSError:
                continue  # down, or no IPv4 address
            address = socket.inet_ntoa(answer[20:24])
            if not address.startswith("127.") and address not in found:
                found.append(address)
    # private networks first: that is where the phones at the table are
    return tuple(sorted(found, key=lambda a: not _private(a)))


def _private(address: str) -> bool:
    parts = socket.inet_aton(address)
    return (parts[0] == 10 or (parts[0] == 172 and 16 <= parts[1] <= 31)
            or (parts[0] == 192 and parts[1] == 168))


# --- QR codes -------------------------------------------------------------------------------


def qr_code(text: str) -> Any:
    """The QR code of `text` (UTF-8, error correction M, or L when M cannot hold it);
    ValueError when even the largest code (version 40) cannot hold it."""
    for level in (qrcode.constants.ERROR_CORRECT_M, qrcode.constants.ERROR_CORRECT_L):
        qr = qrcode.QRCode(error_correction=level, box_size=8, border=4)
        qr.add_data(text.encode("utf-8"))
        try:
            qr.make(fit=True)
        except (qrcode.exceptions.DataOverflowError, ValueError):
            # past version 40 qrcode says "Invalid version" (a ValueError), not DataOverflow
            continue
        return qr
    raise ValueError("the text is too long for one QR code")


def qr_fits(text: str) -> bool:
    """Whether `text` fits in one QR code (2,953 bytes of UTF-8 at most)."""
    if len(text.encode("utf-8")) > 2953:
        return False
    try:
        qr_code(text)
    except ValueError:
        return False
    return True


def qr_matrix(text: str) -> list[list[bool]]:
    """The modules of the code, quiet zone included (True is dark)."""
    return [list(row) for row in qr_code(text).get_matrix()]


def qr_png(text: str) -> bytes:
    """A PNG of the code, black on white with a four-module white quiet zone, so it scans on
    a dark screen too."""
    image = qr_code(text).make_image(image_factory=PyPNGImage)
    buffer = io.BytesIO()
    image.save(buffer)
    return buffer.getvalue()
