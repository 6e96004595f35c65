#!/usr/bin/env bash
# make e2e: the dashboard in a real browser, with real data. Starts the fake
# GitHub (the tests' server, as a process) and `run --serve` on free ports
# with three instances, then, in headless Chromium:
#  - reads the DOM after the page's script ran: every instance has a tile,
#    its name and a caption that the page's own timer ages;
#  - fetches the card each tile shows and checks the repositories' names
#    and counts as the fake GitHub gave them;
#  - takes a screenshot and checks the cards were drawn;
#  - at phone, tablet and desktop widths (320 to 1400 px), checks that
#    nothing is wider than the window and every tap target lies on its card;
#  - moves a tile to the top of the open page when its entry's relevance
#    score rises (docs/relevance.md);
#  - runs widgethost dev --serve on a new package and checks that the
#    gallery page shows every preview and redraws itself after a save.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null 2>&1; then
  echo "make e2e needs Debian's chromium"
  echo "+ apt-get install -y chromium"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium || {
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }
fi
work=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true; rm -rf "$work"' EXIT
fail() { echo "e2e: $*"; exit 1; }

.build/debug/fake-github > "$work/github.log" 2>&1 &
pids+=($!)
for _ in $(seq 600); do grep -q "fake GitHub at" "$work/github.log" && break; sleep 0.1; done
github=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/github.log" | head -1)
[ -n "$github" ] || fail "the fake GitHub did not start: $(cat "$work/github.log")"

cat > "$work/config.yaml" <<YAML
container: {group: e2e.widgethost, path: data}
module_paths: [$PWD/.build/debug]
github: {api: "$github"}
widgets:
  - kind: SingleRepo
  - kind: DoubleRepo
  - kind: Contributor
    settings: {repo: apple/swift}
  - kind: TodoList
  - {kind: RecentOrdersWidget, module: DeliveryWidget}
  - {kind: WeeklyStepsWidget, module: FitnessWidget}
  - {kind: Relevant, module: FixtureSchedules}
YAML
widgethost=".build/debug/widgethost"
add() { $widgethost add-instance "$@" --config "$work/config.yaml" | sed -n 's/^added \([a-z0-9]*\):.*/\1/p'; }
single=$(add SingleRepo --repo apple/swift --family systemMedium --name "Swift on the wall")
double=$(add DoubleRepo --top-repo apple/swift --bottom-repo sallen0400/swift-news)
contributor=$(add Contributor)
$widgethost defaults write todo.Inbox '[{"title": "Water the plants"}]' --config "$work/config.yaml"
todo=$(add TodoList)
steps=$(add WeeklyStepsWidget --family systemMedium)
# A screen of the four, for an e-ink panel (docs/screens.md).
cat >> "$work/config.yaml" <<YAML
screens:
  - {name: wall, palette: bw, layout: quadrant, instances: [$single, $double, $contributor, $todo]}
YAML
$widgethost run "$work/config.yaml" --serve 127.0.0.1:0 --log > "$work/run.log" 2>&1 &
pids+=($!)
for _ in $(seq 600); do grep -q "dashboard at" "$work/run.log" && break; sleep 0.1; done
url=$(grep -o 'http://127.0.0.1:[0-9]*/' "$work/run.log" | head -1)
[ -n "$url" ] || fail "the host did not serve: $(cat "$work/run.log")"
# Waits for the container, which the dashboard reads, not for the log: the
# log hears of a timeline before the host has saved it.
fresh() { $widgethost status --json --config "$work/config.yaml" 2>/dev/null |
  python3 -c 'import json,sys; print(sum(i["state"] == "fresh" for i in json.load(sys.stdin)["instances"]))' 2>/dev/null || echo 0; }
for _ in $(seq 600); do [ "$(fresh)" -ge 4 ] && break; sleep 0.1; done
[ "$(fresh)" -ge 4 ] || fail "not every instance got data: $($widgethost status --config "$work/config.yaml"; cat "$work/run.log")"
echo "dashboard: $url (GitHub: $github)"

# A Live Activity, started as its app would (docs/activities.md): the page
# shows it above the widgets, and draws it again when it is updated while
# the page is open. It stays for the checks below, phones' widths among them.
activity=$($widgethost activity start DeliveryAttributes --config "$work/config.yaml" \
  --attributes '{"restaurant":"Nonna'"'"'s Pizza","orderNumber":"4711","items":3}' \
  --state '{"stage":"onTheWay","courierName":"Ana","estimatedArrival":786000000}')
shelf="document.querySelector('#activities img')"
(for _ in $(seq 1200); do [ -e "$work/activity-open" ] && break; sleep 0.1; done
 $widgethost activity update "$activity" --config "$work/config.yaml" \
   --state '{"stage":"arriving","courierName":"Ana","estimatedArrival":786000000}' > /dev/null) &
timeout 300 python3 scripts/dom_after.py "$url" \
  --until "document.body.dataset.live == 'connected' && $shelf && $shelf.complete && $shelf.naturalWidth > 0" \
  --run "window.first = $shelf.src; document.body.dataset.above = String((document.querySelector('#activities').compareDocumentPosition(document.querySelector('#grid')) & 4) == 4)" \
  --signal "$work/activity-open" \
  --until "$shelf.src != window.first && $shelf.complete && $shelf.naturalWidth > 0" \
  --run "document.body.dataset.caption = document.querySelector('#activities figcaption').textContent" > "$work/activity.html"
grep -q 'data-above="true"' "$work/activity.html" || fail "the Live Activity is not above the widgets"
grep -q 'data-caption="Live Activity · DeliveryAttributes · active"' "$work/activity.html" \
  || fail "the Live Activity's caption is $(grep -o 'data-caption="[^"]*"' "$work/activity.html")"
src=$(python3 -c "import re,sys; print(re.search(r'id=\"a-$activity\"[^>]*>\s*<img[^>]* src=\"([^\"]+)\"', open(sys.argv[1]).read()).group(1).replace('&amp;', '&'))" "$work/activity.html")
grep -q '>Arriving now<' <<<"$(curl -fsS "${url%/}$src")" || fail "the updated Live Activity's card does not say Arriving now"
echo "e2e: a Live Activity shows above the widgets, and its card changed on the open page when it was updated"

# A Swift Charts card (docs/charts.md) as Chromium draws it: its picture
# loads, and its bars are there, the corpus's green, in the pixels.
stepsimg="document.querySelector('#w-$steps img')"
timeout 300 python3 scripts/dom_after.py "$url" \
  --until "document.body.dataset.live == 'connected' && $stepsimg && $stepsimg.complete && $stepsimg.naturalWidth > 0" \
  --run "const c = document.createElement('canvas'); c.width = $stepsimg.naturalWidth; c.height = $stepsimg.naturalHeight; const g = c.getContext('2d'); g.drawImage($stepsimg, 0, 0); const d = g.getImageData(0, 0, c.width, c.height).data; let n = 0; for (let i = 0; i < d.length; i += 4) { if (d[i] < 90 && d[i + 1] > 170 && d[i + 2] < 120) n++; } document.body.dataset.green = String(n)" \
  > "$work/chart.html"
green=$(grep -o 'data-green="[0-9]*"' "$work/chart.html" | grep -o '[0-9]*')
[ "${green:-0}" -gt 500 ] || fail "the chart card shows ${green:-no} green pixels: its bars are not drawn"
grep -q '<title>[^<]*Chart, Steps by Day, 7 bars' <<<"$(curl -fsS "$url/instances/$steps.svg")" || fail "the chart card does not say what it shows"
echo "e2e: a Swift Charts card draws its bars in Chromium ($green green pixels)"

# The page as served, then the DOM Chromium has once the page's script is
# connected and 9 s have passed: time itself is what the page's own timer
# shows, in the captions' ages.
curl -fsS "$url" > "$work/served.html"
timeout 200 python3 scripts/dom_after.py "$url" --until 'document.body.dataset.live == "connected"' --sleep 9 > "$work/dom.html"
# Set by the page's script once /events answers: the Content-Security-Policy let it run.
grep -q 'data-live="connected"' "$work/dom.html" || fail "the page's script did not run (CSP?)"

python3 scripts/e2e_check.py "$url" "$work/served.html" "$work/dom.html" \
  "$single:SingleRepo:Swift on the wall" "$double:DoubleRepo:" "$contributor:Contributor:"

# Phones to desktops: nothing wider than the window (no sideways scrolling,
# no card cut at its right edge), and the to-do's tap target still on its
# card, which a phone draws smaller than its points.
fits="document.documentElement.scrollWidth <= innerWidth && [...document.querySelectorAll('figure')].every(f => f.getBoundingClientRect().right <= innerWidth + 0.5)"
ontarget="[...document.querySelectorAll('figure')].every(f => { const i = f.querySelector('img').getBoundingClientRect(); return [...f.querySelectorAll('.taps > *')].every(t => { const r = t.getBoundingClientRect(); return r.width > 0 && r.left >= i.left - 0.5 && r.right <= i.right + 0.5 && r.top >= i.top - 0.5 && r.bottom <= i.bottom + 0.5; }); })"
for width in 320 375 390 430 768 1400; do
  timeout 200 python3 scripts/dom_after.py "$url" --viewport "${width}x900" \
    --until "document.body.dataset.live == 'connected' && document.querySelectorAll('figure img').length >= 4 && [...document.querySelectorAll('figure img')].every(i => i.complete && i.naturalWidth > 0) && document.querySelector('#w-$todo .taps > *')" \
    --run "document.body.dataset.fits = String($fits); document.body.dataset.ontarget = String($ontarget); document.body.dataset.taps = document.querySelectorAll('.taps > *').length; document.body.dataset.widest = String(Math.max(...[...document.querySelectorAll('figure img')].map(i => i.getBoundingClientRect().width)))" \
    --screenshot "$work/width-$width.png" > "$work/width-$width.html"
  grep -q 'data-fits="true"' "$work/width-$width.html" || fail "at $width px the page is wider than the window: $(grep -o 'data-widest="[^"]*"' "$work/width-$width.html")"
  grep -q 'data-taps="[1-9]' "$work/width-$width.html" || fail "at $width px the to-do's tap target never came"
  grep -q 'data-ontarget="true"' "$work/width-$width.html" || fail "at $width px a tap target is off its card"
done
cp "$work/width-375.png" e2e-dashboard-375.png
echo "e2e: the dashboard fits 320, 375, 390, 430, 768 and 1400 px without sideways scrolling, tap targets on their cards"

# Tap the to-do's toggle as a user would: a click on its target over the card.
# The task is the list's last, so the card must change to "No Tasks".
grep -q '>Water the' <<<"$(curl -fsS "$url/instances/$todo.svg")" || fail "the to-do card does not show its task"
# The card is loaded again once the tile's version (entry date and state) changes.
figure="document.querySelector('#w-$todo')"
toggle="document.querySelector('#w-$todo .taps button.toggle')"
# A browser that never opened the key link sees the page, but its tap is
# refused with a line that says what to do, and the task stays.
timeout 300 python3 scripts/dom_after.py "$url" \
  --until "document.body.dataset.live == 'connected' && $toggle" \
  --run "$toggle.click()" \
  --until "$figure.querySelector('figcaption').textContent.startsWith('⚠')" > "$work/refused.html"
grep -q "does not hold the dashboard&#39;s key\|does not hold the dashboard's key" "$work/refused.html" || fail "a tap without the key was not refused: $(grep -o '<figcaption[^<]*' "$work/refused.html" | head -5)"
grep -q '>Water the' <<<"$(curl -fsS "$url/instances/$todo.svg")" || fail "a refused tap changed the to-do card"
echo "e2e: a browser without the dashboard's key may look but not tap"
# The key link the host logged: the page keeps the key in the browser's storage for its origin.
keylink=$(grep -o 'need its key once: http://[^ )]*' "$work/run.log" | head -1 | sed 's/need its key once: //')
[ -n "$keylink" ] || fail "the host did not log its key link: $(cat "$work/run.log")"
timeout 300 python3 scripts/dom_after.py "$keylink" \
  --until "document.body.dataset.live == 'connected' && $toggle" \
  --run "window.before = $figure.dataset.version; $toggle.click()" \
  --until "$figure.dataset.version != window.before" > "$work/tapped.html"
src=$(python3 -c "import re,sys; print(re.search(r'id=\"w-$todo\"[^>]*>\\s*<img[^>]* src=\"([^\"]+)\"', open(sys.argv[1]).read()).group(1).replace('&amp;', '&'))" "$work/tapped.html")
card=$(curl -fsS "${url%/}$src")
grep -q '>No Tasks</text>' <<<"$card" || fail "after the click the to-do card still shows: $(grep -o '>[^<]*</text>' <<<"$card" | head -3)"
echo "e2e: TodoList $todo: clicking its toggle completed the task; the card now says No Tasks"

# A control (docs/controls.md), as Control Center's row above everything:
# the delivery app's alerts toggle, off, clicked on in the browser that
# holds the key; the page draws the control again, on.
alerts="document.querySelector('#controls button[data-kind=\"com.example.delivery.alerts\"]')"
timeout 300 python3 scripts/dom_after.py "$keylink" \
  --until "document.body.dataset.live == 'connected' && $alerts && $alerts.getAttribute('aria-pressed') == 'false' && $alerts.querySelector('img').complete && $alerts.querySelector('img').naturalWidth > 0" \
  --run "document.body.dataset.first = String((document.querySelector('#controls').compareDocumentPosition(document.querySelector('#activities')) & 4) == 4); $alerts.click()" \
  --until "$alerts && $alerts.getAttribute('aria-pressed') == 'true' && $alerts.querySelector('img').complete && $alerts.querySelector('img').naturalWidth > 0" \
  > "$work/control.html"
grep -q 'data-first="true"' "$work/control.html" || fail "the controls are not above the Live Activities"
src=$(python3 -c "import re,sys; print(re.search(r'data-kind=\"com.example.delivery.alerts\"[^>]*>\s*<img[^>]* src=\"([^\"]+)\"', open(sys.argv[1]).read()).group(1).replace('&amp;', '&'))" "$work/control.html")
card=$(curl -fsS "${url%/}$src")
grep -q '>Delivery Alerts<' <<<"$card" && grep -q '>On<' <<<"$card" || fail "after the click the control's card says: $(grep -o '>[^<]*</text>' <<<"$card" | head -3)"
$widgethost controls --config "$work/config.yaml" | grep -q 'Delivery Alerts: On' || fail "the control's value did not reach the App Group"
echo "e2e: a control's toggle, clicked on the page, ran its intent; its card now says On"

# The screenshot is taken once every card has loaded: all four of them. An
# empty list is "every" too, and a page between two loads has none: a CI run
# screenshotted the bare background that way.
timeout 200 python3 scripts/dom_after.py "$url" \
  --until "document.querySelectorAll('figure img').length >= 4 && [...document.querySelectorAll('figure img')].every(i => i.complete && i.naturalWidth > 0)" \
  --screenshot "$work/dashboard.png" > /dev/null
cp "$work/dashboard.png" e2e-dashboard.png
python3 scripts/png_stats.py e2e-dashboard.png

# Dark mode: the browser comes to prefer dark while the page is open, and the
# page, which follows prefers-color-scheme, turns its background and every
# card dark (each card asked for again with scheme=dark). A card drawn
# between the change and the next frame reads the new preference first,
# and Chromium then fires no "change" at all: the step makes that happen
# (a style change pending, then the page's own scheme() read at once), as
# a control or an activity drawn at that moment did, now and then, in CI.
cards="[...document.querySelectorAll('figure img')]"
timeout 200 python3 scripts/dom_after.py "$url" --until "document.body.dataset.live == 'connected' && $cards.length >= 4" \
  --run "document.body.dataset.pending = 'style'" \
  --media prefers-color-scheme=dark \
  --run "scheme()" \
  --until "$cards.every(i => i.src.includes('scheme=dark') && i.complete && i.naturalWidth > 0)" \
  --run "document.body.dataset.background = getComputedStyle(document.body).backgroundImage" \
  --screenshot "$work/dark.png" > "$work/dark.html"
grep -q 'data-background="linear-gradient(160deg, rgb(11, 15, 26)' "$work/dark.html" || fail "the page did not turn dark: $(grep -o 'data-background="[^"]*"' "$work/dark.html")"
src=$(python3 -c "import re,sys; print(re.search(r'id=\"w-$single\"[^>]*>\s*<img[^>]* src=\"([^\"]+)\"', open(sys.argv[1]).read()).group(1).replace('&amp;', '&'))" "$work/dark.html")
case $src in /*) src="${url%/}$src" ;; esac
grep -q 'fill="#1c1c1e"/>' <<<"$(curl -fsS "$src")" || fail "the card at $src is not dark"
cp "$work/dark.png" e2e-dashboard-dark.png
echo "e2e: dark mode: the page and every card turned dark when the browser came to prefer it"

# The screen: linked from the page's header, and drawn as one 1-bit
# picture of the four cards, which Chromium shows at 800 by 480.
timeout 300 python3 scripts/dom_after.py "$url" --viewport 800x480 \
  --until "document.querySelector('nav.screens a')?.textContent == 'wall'" \
  --run "location.href = document.querySelector('nav.screens a').href" \
  --until "location.pathname == '/screens/wall.png' && document.images[0]?.complete && document.images[0].naturalWidth == 800" \
  --run "document.body.dataset.size = document.images[0].naturalWidth + 'x' + document.images[0].naturalHeight" \
  --screenshot "$work/screen.png" > "$work/screen.html"
grep -q 'data-size="800x480"' "$work/screen.html" || fail "the screen did not show as 800x480: $(grep -o 'data-size="[^"]*"' "$work/screen.html")"
curl -fsS "${url}screens/wall.png" -o "$work/wall.png"
python3 -c "import struct,sys; d=open(sys.argv[1],'rb').read(); w,h,depth=struct.unpack('>IIB',d[16:25]); sys.exit(0 if (w,h,depth)==(800,480,1) and len(d)<=90000 else 1)" "$work/wall.png" \
  || fail "the screen is not an 800x480 1-bit PNG of at most 90,000 bytes"
cp "$work/screen.png" e2e-screen.png
echo "e2e: the page links the screen 'wall'; Chromium shows it, an 800x480 1-bit PNG of $(stat -c %s "$work/wall.png") bytes"

# Relevance (docs/relevance.md): a widget placed while the page is open
# comes last (it says nothing of relevance yet); when its configuration
# gives its entry a score, the open page moves its tile to the top.
relevant=$(add Relevant --label "Due now")
grid="document.getElementById('grid')"
(for _ in $(seq 1200); do [ -e "$work/relevant-last" ] && break; sleep 0.1; done
 $widgethost edit-instance "$relevant" --score 50 --config "$work/config.yaml" > /dev/null) &
timeout 300 python3 scripts/dom_after.py "$url" \
  --until "document.body.dataset.live == 'connected' && $grid.lastElementChild?.id == 'w-$relevant' && $grid.lastElementChild.querySelector('img').complete" \
  --signal "$work/relevant-last" \
  --until "$grid.firstElementChild?.id == 'w-$relevant' && $grid.firstElementChild.dataset.rank == '0/50.0'" \
  --run "document.body.dataset.order = [...$grid.querySelectorAll('figure')].map(f => f.id.slice(2)).join(' ')" > "$work/relevance.html"
order=$(grep -o 'data-order="[^"]*"' "$work/relevance.html")
[ "$order" = "data-order=\"$relevant $single $double $contributor $todo $steps\"" ] || fail "after its score rose the tiles are in the order $order"
echo "e2e: relevance: a tile whose entry came to score 50 moved to the top of the open page; the others kept their order"

# Users: once one is added, the running dashboard asks everyone to sign in.
# In Chromium, as a person would: the page sends the browser to /login, a
# wrong password is said, the right one opens the dashboard with her name
# and every card (the session cookie goes with each), and signing out
# returns to /login. At a phone's width, as people sign in on their phones.
printf 'e2e password 1\n' | $widgethost users add ada --password-stdin --config "$work/config.yaml" > /dev/null
field() { echo "document.querySelector('input[name=$1]')"; }
timeout 300 python3 scripts/dom_after.py "$url" --viewport 390x844 \
  --until "location.pathname == '/login' && $(field password)" \
  --screenshot "$work/login.png" \
  --run "$(field name).value = 'ada'; $(field password).value = 'not her password'; document.querySelector('form').submit()" \
  --until "document.querySelector('.message')?.textContent.includes('Wrong name or password')" \
  --run "$(field password).value = 'e2e password 1'; document.querySelector('form').submit()" \
  --until "location.pathname == '/' && document.body.dataset.live == 'connected' && document.querySelectorAll('figure img').length >= 4 && [...document.querySelectorAll('figure img')].every(i => i.complete && i.naturalWidth > 0)" \
  --run "sessionStorage.setItem('who', document.querySelector('.who span')?.textContent)" \
  --screenshot "$work/signed-in.png" \
  --run "document.querySelector('.who button').click()" \
  --until "location.pathname == '/login'" \
  --run "document.body.dataset.afterout = location.pathname; document.body.dataset.who = sessionStorage.getItem('who')" > "$work/login.html"
grep -q 'data-afterout="/login"' "$work/login.html" || fail "signing out did not return to the sign-in page"
grep -q 'data-who="ada"' "$work/login.html" || fail "the signed-in page did not name ada: $(grep -o 'data-who="[^"]*"' "$work/login.html")"
grep -q "failed sign-in as 'ada'" "$work/run.log" || fail "the wrong password was not logged"
grep -q "ada signed in from 127.0.0.1" "$work/run.log" || fail "the sign-in was not logged"
[ "$(curl -s -o /dev/null -w '%{http_code}' "$url")" = 303 ] || fail "with a user, the page no longer sends strangers to sign in"
cp "$work/login.png" e2e-login-390.png
cp "$work/signed-in.png" e2e-signed-in-390.png
echo "e2e: with a user, the dashboard asks to sign in; a wrong password is refused, the right one shows every card under her name, signing out returns to /login"

# The authors' gallery: widgethost dev --serve on a new package. The page must
# show every preview, then redraw itself when a source file is saved: the
# edit lands once the page shows the first build, and the DOM is read once
# it shows the second.
$widgethost new Glance --dir "$work/Glance" > /dev/null
$widgethost dev "$work/Glance" --serve 127.0.0.1:0 --json > "$work/dev.log" 2> "$work/dev.err" &
pids+=($!)
for _ in $(seq 1200); do grep -q '"status":"ok"' "$work/dev.log" && break; sleep 0.1; done
grep -q '"status":"ok"' "$work/dev.log" || fail "dev did not build the new package: $(cat "$work/dev.log" "$work/dev.err")"
gallery=$(grep -o 'http://127.0.0.1:[0-9]*/' "$work/dev.err" | head -1)
timeout 300 python3 scripts/dom_after.py "$gallery" --until "document.body.innerText.includes('build #1 ok')" \
  --signal "$work/gallery-open" --until "document.body.innerText.includes('build #2 ok')" > "$work/gallery.html" &
reader=$!
for _ in $(seq 1200); do [ -e "$work/gallery-open" ] && break; sleep 0.1; done
[ -e "$work/gallery-open" ] || fail "the gallery page never showed the first build"
sed -i 's/Text("Glance")/Text("Edited live")/' "$work/Glance/Sources/Glance/GlanceView.swift"
wait $reader
python3 - "$work/gallery.html" <<'PY'
import re, sys
dom = open(sys.argv[1]).read()
def check(condition, message):
    if not condition:
        sys.exit(f"e2e: gallery: {message}")
check(re.search(r'build #2 ok', dom), "the page did not show the rebuild after the save")
cards = dom.count("<svg")
check(cards == 16, f"{cards} cards, not 2 families x (3 modes + placeholder + 4 timeline entries)")
check(dom.count(">Edited live<") == 14, "the saved text is not on every card but the placeholders (drawn redacted)")
check("Hello from Glance" in dom, "the intent's default text is missing")
for caption in ("fullColor", "accented", "vibrant", "placeholder", "timeline: 4 entries, then atEnd"):
    check(caption in dom, f"no '{caption}' in the gallery")
print("e2e: dev gallery showed 16 previews and redrew them after a save")
PY
echo "e2e: passed (screenshot in e2e-dashboard.png)"
