#!/usr/bin/env python3
"""A TRMNL e-ink device, simulated from its firmware's contract
(usetrmnl/trmnl-firmware 1.8.14; see docs/screens.md), to try a server
without the device: `make trmnl-sim SERVER=http://127.0.0.1:8080`.

Each wake does what the firmware does: `GET /api/setup` while it has no key
(a 404 means "not registered", and it sleeps 900 s), then `GET /api/display`
with the headers the firmware sends, in its order; then it fetches
`image_url` unless a file of that `filename` is in its flash cache and on
screen; it posts error logs to `/api/log`. It checks what the firmware
checks and would trip over: JSON numbers that are numbers, `status` 0 with
an absolute `image_url`, a `Content-Length`, `Content-Type` exactly
`image/png` (or a BMP that passes the firmware's header checks), at most
90,000 bytes, and a PNG the panel can show. Each wake prints one JSON line;
a broken contract is a "problem", and any problem exits 1.

Time is simulated: a wake does not sleep, it says how long it would.
The device's memory (key, friendly id, cached files, what is on screen)
lives in --state, so that several runs are one device's life.

Standard library only.
"""
import argparse, http.client, json, os, re, struct, sys, time, urllib.parse, zlib

MAX_IMAGE = 90_000
BMP_SIZE = 48_062


class Device:
    def __init__(self, args):
        self.args = args
        self.state = {"api_key": None, "friendly_id": None, "cache": {}, "on_screen": None, "refresh_rate": 900, "failures": 0}
        if args.state and os.path.exists(args.state):
            self.state.update(json.load(open(args.state)))

    def save(self):
        if self.args.state:
            json.dump(self.state, open(self.args.state, "w"), indent=1, sort_keys=True)

    # --- HTTP, as the firmware's HTTPClient does it: no keep-alive, 15 s timeouts.
    def request(self, method, url, headers, body=None):
        parts = urllib.parse.urlsplit(url)
        connection = (http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection)(parts.netloc, timeout=self.args.timeout)
        path = parts.path + ("?" + parts.query if parts.query else "")
        try:
            connection.putrequest(method, path, skip_accept_encoding=True)
            for name, value in headers:
                connection.putheader(name, value)
            if body is not None:
                connection.putheader("Content-Length", str(len(body)))
            connection.endheaders(body)
            response = connection.getresponse()
            return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
        finally:
            connection.close()

    def base(self):
        return self.args.server.rstrip("/")

    # --- One wake.
    def wake(self, number, reason):
        event = {"wake": number, "mac": self.args.mac, "problems": []}
        problems = event["problems"]
        if not self.state["api_key"] or not self.state["friendly_id"]:
            if not self.setup(event):
                self.save()
                return event
        display = self.display(event, reason)
        if display is None:
            self.failed(event)
        else:
            status = display.get("status", 0)
            if status == 0:
                self.show(event, display)
            elif status == 202:
                # Without an image_url the firmware fails the wake: the retry ladder, not a fast poll.
                event["problems"].append("status 202: the firmware, finding no image_url, falls into its retry ladder")
                self.failed(event)
            elif status == 500:
                problems.append("status 500: the firmware would wipe its credentials and Wi-Fi")
            if display.get("reset_firmware") is True:
                problems.append("reset_firmware: true would wipe the device's Wi-Fi")
            if display.get("update_firmware") is True and not display.get("firmware_url"):
                problems.append("update_firmware without a firmware_url")
        if self.args.log and self.state["api_key"]:
            self.post_log(event)
        self.save()
        return event

    def setup(self, event):
        headers = [("ID", self.args.mac), ("Content-Type", "application/json"), ("FW-Version", self.args.firmware), ("Model", self.args.model)]
        path = "/api/setup/" if version(self.args.firmware) < (1, 7, 0) else "/api/setup"
        try:
            status, _, body = self.request("GET", self.base() + path, headers)
        except OSError as error:
            event["setup"] = {"error": str(error)}
            event["problems"].append(f"the server did not answer /api/setup: {error}")
            self.failed(event)
            return False
        answer = parse_json(body) if status == 200 else {"status": status}
        event["setup"] = {"http": status, "status": (answer or {}).get("status")}
        if answer is None:
            event["problems"].append("setup answered HTTP 200 with a body that is not JSON")
            return False
        if answer.get("status") == 404 or status == 404:
            event["setup"]["registered"] = False
            event["sleep"] = 900
            self.state["refresh_rate"] = 900
            return False
        if status != 200 or answer.get("status") != 200:
            return True  # The firmware goes on to /api/display with no key.
        for field in ("api_key", "friendly_id", "image_url"):
            if not isinstance(answer.get(field), str) or not answer[field]:
                event["problems"].append(f"setup's answer lacks {field} (a string)")
                return False
        self.state["api_key"], self.state["friendly_id"] = answer["api_key"], answer["friendly_id"]
        event["setup"]["registered"] = True
        event["setup"]["friendly_id"] = answer["friendly_id"]
        # The setup picture: fetched with no key, and it must be a BMP of 48,062 bytes or a PNG.
        try:
            status, headers, body = self.request("GET", answer["image_url"], [("Accept-Encoding", "identity")])
        except OSError as error:
            event["problems"].append(f"setup picture: {error}")
            return True
        if status != 200 or "content-length" not in headers:
            event["problems"].append(f"setup picture: HTTP {status}" + ("" if "content-length" in headers else ", no Content-Length"))
        elif not (len(body) == BMP_SIZE and body[:2] == b"BM") and body[:8] != b"\x89PNG\r\n\x1a\n":
            event["problems"].append("setup picture is neither a 48,062-byte BMP nor a PNG")
        return True

    def display(self, event, reason):
        headers = [("ID", self.args.mac), ("Content-Type", "application/json"), ("Update-Source", reason),
                   ("Access-Token", self.state["api_key"] or ""), ("Refresh-Rate", str(self.state["refresh_rate"])),
                   ("Battery-Voltage", f"{self.args.battery:.2f}"), ("FW-Version", self.args.firmware), ("Model", self.args.model),
                   ("Image-Cached", "true" if self.state["on_screen"] else "false"), ("Wake-Time", "1234"), ("RSSI", str(self.args.rssi)),
                   ("Width", str(self.args.width)), ("Height", str(self.args.height))]
        # HTTP failures and refused connections are tried five times, 2 s apart, in one wake.
        for attempt in range(1, 6):
            try:
                status, _, body = self.request("GET", self.base() + "/api/display", headers)
            except OSError as error:
                status, body = None, str(error)
            if status in (200, 301, 429):
                break
            event.setdefault("retries", 0)
            event["retries"] = attempt
        else:
            event["display"] = {"http": status}
            event["problems"].append(f"/api/display failed five times: {status if status else body}")
            return None
        answer = parse_json(body)
        if answer is None:
            event["problems"].append("/api/display's body is not JSON")
            return None
        event["display"] = {key: answer.get(key) for key in ("status", "filename", "refresh_rate", "image_url")}
        for field, kind in (("status", int), ("refresh_rate", int), ("image_url_timeout", int)):
            if field in answer and (not isinstance(answer[field], kind) or isinstance(answer[field], bool)):
                event["problems"].append(f"{field} is {type(answer[field]).__name__}, not a JSON number: the firmware reads 0")
        if answer.get("status", 0) == 0:
            if not isinstance(answer.get("image_url"), str) or not answer["image_url"].startswith(("http://", "https://")):
                event["problems"].append("status 0 without an absolute image_url: the firmware fails the wake")
                return None
            if not isinstance(answer.get("filename"), str) or not answer["filename"]:
                event["problems"].append("no filename: the firmware cannot cache the picture")
            if "refresh_rate" not in answer:
                event["problems"].append("no refresh_rate: the firmware would sleep 0 s")
        return answer

    def show(self, event, answer):
        filename = cached_name(answer.get("filename") or "")
        rate = answer.get("refresh_rate")
        if isinstance(rate, int) and not isinstance(rate, bool):
            self.state["refresh_rate"] = rate
            if rate <= 0:
                event["problems"].append(f"refresh_rate {rate}: the device would not sleep")
        event["sleep"] = self.state["refresh_rate"]
        if filename and filename in self.state["cache"]:
            event["image"] = {"downloaded": False, "refreshed": self.state["on_screen"] != filename}
            self.state["on_screen"] = filename
            self.state["failures"] = 0
            return
        url = answer["image_url"]
        headers = [("Accept-Encoding", "identity")]
        # Firmware 1.6.10 on sends its key with a picture from its own server's address.
        if version(self.args.firmware) >= (1, 6, 10) and url.startswith(self.base()):
            headers += [("ID", self.args.mac), ("Access-Token", self.state["api_key"] or "")]
        try:
            status, response, body = self.request("GET", url, headers)
        except OSError as error:
            event["problems"].append(f"picture: {error}")
            return self.failed(event)
        image = {"downloaded": True, "http": status, "bytes": len(body), "content_type": response.get("content-type")}
        event["image"] = image
        if status not in (200, 301):
            event["problems"].append(f"picture: HTTP {status}")
            return self.failed(event)
        if "content-length" not in response:
            event["problems"].append("picture without Content-Length")
        if len(body) > MAX_IMAGE:
            event["problems"].append(f"picture of {len(body)} bytes, past the {MAX_IMAGE} the firmware takes")
        if body[:2] == b"BM":
            image["format"] = "bmp"
            problem = bmp_problem(body)
            if problem:
                event["problems"].append("BMP: " + problem)
            # A BMP is not kept under its filename: it is fetched again at every wake.
        elif response.get("content-type") == "image/png":
            image["format"] = "png"
            try:
                width, height, depth, colour = png_check(body)
                image.update(width=width, height=height, depth=depth)
                if version(self.args.firmware) < (1, 6, 0) and (depth != 1 or (width, height) != (800, 480)):
                    event["problems"].append(f"firmware {self.args.firmware} shows only 800x480 1-bit PNG, not {width}x{height} at {depth} bits")
                elif depth > 1 and (width, height) not in ((self.args.width, self.args.height), (self.args.height, self.args.width)):
                    event["problems"].append(f"a {depth}-bit PNG must be the panel's size, {self.args.width}x{self.args.height}, not {width}x{height}")
                if (width, height) not in ((self.args.width, self.args.height), (self.args.height, self.args.width)) and (width < self.args.width or height < self.args.height):
                    image["smaller_than_panel"] = True
            except ValueError as error:
                event["problems"].append(f"PNG: {error}")
            self.clean_cache(filename)
            self.state["cache"][filename] = len(body)
        elif response.get("content-type", "").startswith("image/png"):
            event["problems"].append(f"Content-Type '{response.get('content-type')}': the firmware matches 'image/png' exactly and draws nothing")
        else:
            event["problems"].append(f"Content-Type '{response.get('content-type')}' is not a picture the firmware shows")
        if self.args.save_picture:
            open(self.args.save_picture, "wb").write(body)
        self.state["on_screen"] = filename
        self.state["failures"] = 0
        image["refreshed"] = True

    def clean_cache(self, new):
        # The firmware's clean-up (src/filesystem.cpp) when a picture is saved: files that share
        # the new one's first 14 characters go, and so do those whose name does not end in a
        # 10-digit Unix time, or ends in one more than a day old.
        now = time.time()
        for name in list(self.state["cache"]):
            stamp = re.search(r"(\d{10})$", name)
            if name[:14] == new[:14] or not stamp or now - int(stamp.group(1)) > 86_400:
                del self.state["cache"][name]

    def failed(self, event):
        # The firmware's ladder: 15, 30, 60 s without a message, then 900 s with an error screen.
        self.state["failures"] += 1
        ladder = [15, 30, 60]
        event["sleep"] = ladder[self.state["failures"] - 1] if self.state["failures"] <= 3 else 900
        self.state["refresh_rate"] = event["sleep"]

    def post_log(self, event):
        entry = {"created_at": int(time.time()), "id": 1, "message": "simulated error: display refresh took too long", "source_line": 42,
                 "source_path": "src/bl.cpp", "wifi_signal": self.args.rssi, "wifi_status": "connected", "refresh_rate": self.state["refresh_rate"],
                 "sleep_duration": self.state["refresh_rate"], "firmware_version": self.args.firmware, "special_function": "none",
                 "battery_voltage": self.args.battery, "wake_reason": "timer", "free_heap_size": 200000, "max_alloc_size": 100000, "level": "error"}
        body = json.dumps({"logs": [entry]} if version(self.args.firmware) >= (1, 5, 10) else {"log": {"logs_array": [entry]}}).encode()
        headers = [("ID", self.args.mac), ("Accept", "application/json, */*"), ("Access-Token", self.state["api_key"] or ""),
                   ("Content-Type", "application/json")]
        try:
            status, _, _ = self.request("POST", self.base() + "/api/log", headers, body)
        except OSError as error:
            status = str(error)
        event["log"] = {"http": status}
        if status not in (200, 204, 301):
            event["problems"].append(f"/api/log answered {status}: the firmware keeps the logs and sends them again")


def version(text):
    try:
        return tuple(int(part) for part in text.split("."))
    except ValueError:
        return (0,)


def cached_name(filename):
    # The flash file system's names: longer than 31 characters, the first 7 and the last 17 are kept.
    return filename if len(filename) <= 31 else filename[:7] + filename[-17:]


def parse_json(body):
    try:
        value = json.loads(body)
        return value if isinstance(value, dict) else None
    except (ValueError, UnicodeDecodeError):
        return None


def bmp_problem(body):
    # The firmware's checks (lib/trmnl/src/bmp.cpp), each in its order.
    if len(body) < 62:
        return "shorter than its headers"
    width, height = struct.unpack("<ii", body[18:26])
    bits, = struct.unpack("<H", body[28:30])
    size, = struct.unpack("<I", body[34:38])
    colours, = struct.unpack("<I", body[46:50])
    offset, = struct.unpack("<I", body[10:14])
    if (width, height) != (800, 480):
        return f"{width}x{height}, not 800x480 (positive height)"
    if bits != 1:
        return f"{bits} bits a pixel, not 1"
    if size != 48000:
        return f"biSizeImage {size}, not 48000"
    if colours not in (0, 2):
        return f"{colours} palette colours, not 2"
    if offset <= 54:
        return "pixels before the palette"
    if body[54:62] not in (b"\x00\x00\x00\x00\xff\xff\xff\x00", b"\xff\xff\xff\x00\x00\x00\x00\x00"):
        return "palette is not black and white"
    if len(body) != BMP_SIZE:
        return f"{len(body)} bytes, not {BMP_SIZE}"
    return None


def png_check(data):
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("no PNG signature")
    position, idat, header = 8, b"", None
    while position + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if zlib.crc32(data[position + 4:position + 8 + length]) != struct.unpack(">I", data[position + 8 + length:position + 12 + length])[0]:
            raise ValueError(f"bad CRC in {kind!r}")
        if kind == b"IHDR":
            header = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    if header is None:
        raise ValueError("no IHDR")
    width, height, depth, colour = header
    if colour not in (0, 2, 3, 4, 6):
        raise ValueError(f"colour type {colour}")
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
    stride = (width * channels * depth + 7) // 8
    raw = zlib.decompress(idat)
    if len(raw) != height * (stride + 1):
        raise ValueError(f"{len(raw)} bytes of rows, not {height * (stride + 1)}")
    return width, height, depth, colour


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", required=True, help="the API's address, as set on the device: http://HOST:PORT")
    parser.add_argument("--mac", default="AA:BB:CC:DD:EE:01", help="the device's MAC address (its ID header)")
    parser.add_argument("--firmware", default="1.8.14", help="the firmware version it says it runs (FW-Version)")
    parser.add_argument("--model", default="og")
    parser.add_argument("--width", type=int, default=800)
    parser.add_argument("--height", type=int, default=480)
    parser.add_argument("--battery", type=float, default=4.01, help="volts (Battery-Voltage)")
    parser.add_argument("--rssi", type=int, default=-61, help="dBm (RSSI)")
    parser.add_argument("--wakes", type=int, default=1, help="wakes in a row, without sleeping between them")
    parser.add_argument("--reason", default="timer", help="Update-Source of the wakes: timer, button, powercycle")
    parser.add_argument("--log", action="store_true", help="post an error log at each wake, as the firmware does after an error")
    parser.add_argument("--timeout", type=float, default=15, help="seconds to wait for an answer (the firmware's 15; a test on a busy machine gives more)")
    parser.add_argument("--state", help="a JSON file that keeps the device's memory between runs")
    parser.add_argument("--save-picture", help="write the last picture downloaded here")
    args = parser.parse_args()
    args.mac = args.mac.upper()
    device = Device(args)
    failed = False
    for number in range(1, args.wakes + 1):
        event = device.wake(number, args.reason)
        print(json.dumps(event, sort_keys=True), flush=True)
        failed = failed or bool(event["problems"])
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
