#!/usr/bin/env python3
"""Opens a page in headless Chromium (a fresh profile: no cookies or storage), takes
steps in it, then prints its DOM:
for checks of what the page's own script does over time, which --dump-dom
cannot wait for (it dumps at the load event). Talks the DevTools protocol
over --remote-debugging-pipe: JSON messages ended by NUL on descriptors 3
and 4, so no WebSocket client is needed. Standard library only.

    dom_after.py URL STEP... > dom.html

Steps, taken in order:
    --until EXPR    wait until the JavaScript expression is true in the page
                    (an event; 120 s is only a safety net, then it fails)
    --run EXPR      run the expression in the page (a click, say)
    --sleep SECONDS wait: only where time itself is what is tested, as
                    captions that age
    --signal FILE   create FILE, for a script waiting to act on the open page
    --media NAME=VALUE  emulate a media feature from now on, as
                    prefers-color-scheme=dark (the page hears its change)
    --viewport WxH  the window's size in CSS pixels from now on (1000x900
                    until then); narrower than 600 is a phone's (mobile)
    --screenshot FILE  save what the page shows (1000 x 900) as a PNG
"""
import base64, json, os, shutil, subprocess, sys, tempfile, time

UNTIL_LIMIT = 120

url, args = sys.argv[1], sys.argv[2:]
if len(args) % 2: sys.exit("dom_after: every step takes one argument")
steps = list(zip(args[0::2], args[1::2]))
for step, _ in steps:
    if step not in ("--until", "--run", "--sleep", "--signal", "--screenshot", "--media", "--viewport"): sys.exit(f"dom_after: unknown step {step}")

to_browser_read, to_browser_write = os.pipe()
from_browser_read, from_browser_write = os.pipe()
# The browser reads commands on its descriptor 3 and writes replies on 4;
# those two are kept too, as the child closes the rest after preexec_fn.
# A profile of its own each run: no stored dashboard key carries over.
profile = tempfile.mkdtemp(prefix="dom-after-")
browser = subprocess.Popen(
    ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe", f"--user-data-dir={profile}", "about:blank"],
    pass_fds=(3, 4, to_browser_read, from_browser_write), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    preexec_fn=lambda: (os.dup2(to_browser_read, 3), os.dup2(from_browser_write, 4)))
os.close(to_browser_read)
os.close(from_browser_write)
buffered, next_id = b"", 0

def call(method, session=None, **params):
    global buffered, next_id
    next_id += 1
    message = {"id": next_id, "method": method, "params": params}
    if session: message["sessionId"] = session
    os.write(to_browser_write, json.dumps(message).encode() + b"\0")
    while True:
        while b"\0" not in buffered:
            chunk = os.read(from_browser_read, 65536)
            if not chunk: sys.exit("dom_after: chromium closed the pipe")
            buffered += chunk
        raw, buffered = buffered.split(b"\0", 1)
        reply = json.loads(raw)
        if reply.get("id") == next_id:
            if "error" in reply: sys.exit(f"dom_after: {method}: {reply['error']}")
            return reply["result"]

def evaluate(session, expression):
    result = call("Runtime.evaluate", session, expression=expression, returnByValue=True)
    if "exceptionDetails" in result: sys.exit(f"dom_after: {expression!r} failed: {result['exceptionDetails']}")
    return result["result"].get("value")

try:
    target = call("Target.createTarget", url=url)["targetId"]
    session = call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
    call("Emulation.setDeviceMetricsOverride", session, width=1000, height=900, deviceScaleFactor=1, mobile=False)
    for step, argument in steps:
        if step == "--sleep":
            time.sleep(float(argument))
        elif step == "--run":
            evaluate(session, argument)
        elif step == "--signal":
            open(argument, "w").close()
        elif step == "--viewport":
            width, height = (int(side) for side in argument.lower().split("x"))
            call("Emulation.setDeviceMetricsOverride", session, width=width, height=height, deviceScaleFactor=1, mobile=width < 600)
        elif step == "--media":
            name, value = argument.split("=", 1)
            call("Emulation.setEmulatedMedia", session, features=[{"name": name, "value": value}])
        elif step == "--screenshot":
            # What the last step saw is painted two frames later, not at once.
            call("Runtime.evaluate", session, awaitPromise=True, returnByValue=True,
                 expression="new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))")
            with open(argument, "wb") as file:
                file.write(base64.b64decode(call("Page.captureScreenshot", session, format="png")["data"]))
        else:
            deadline = time.monotonic() + UNTIL_LIMIT
            # A page still loading has no document to ask; errors until then are expected.
            while not call("Runtime.evaluate", session, expression=f"Boolean({argument})", returnByValue=True)["result"].get("value"):
                if time.monotonic() > deadline:
                    sys.stderr.write(f"dom_after: {argument!r} was still false after {UNTIL_LIMIT} s\n")
                    break
                time.sleep(0.1)
    print(evaluate(session, "document.documentElement.outerHTML"))
finally:
    browser.kill()
    browser.wait()
    shutil.rmtree(profile, ignore_errors=True)
