#!/usr/bin/env python3
"""Prints a page's DOM as Chromium has it `seconds` after loading it: for
checks of what the page's own script does over time, which --dump-dom cannot
wait for (it dumps at the load event). Talks the DevTools protocol over
--remote-debugging-pipe: JSON messages ended by NUL on descriptors 3 and 4,
so no WebSocket client is needed. Standard library only.

    dom_after.py URL SECONDS > dom.html
    dom_after.py URL SECONDS --then 'script' SECONDS > dom.html

With --then, the script runs in the page after the first wait (a click, say),
and the DOM is taken after the second.
"""
import json, os, subprocess, sys, time

url, seconds = sys.argv[1], float(sys.argv[2])
then = (sys.argv[4], float(sys.argv[5])) if len(sys.argv) > 5 and sys.argv[3] == "--then" else None
to_browser_read, to_browser_write = os.pipe()
from_browser_read, from_browser_write = os.pipe()
# The browser reads commands on its descriptor 3 and writes replies on 4;
# those two are kept too, as the child closes the rest after preexec_fn.
browser = subprocess.Popen(
    ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe", "about:blank"],
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

try:
    target = call("Target.createTarget", url=url)["targetId"]
    session = call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
    time.sleep(seconds)
    if then:
        result = call("Runtime.evaluate", session, expression=then[0], returnByValue=True)
        if "exceptionDetails" in result: sys.exit(f"dom_after: the script failed: {result['exceptionDetails']}")
        time.sleep(then[1])
    html = call("Runtime.evaluate", session, expression="document.documentElement.outerHTML", returnByValue=True)
    print(html["result"]["value"])
finally:
    browser.kill()
