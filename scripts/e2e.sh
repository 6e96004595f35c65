#!/usr/bin/env bash
# make e2e: the dashboard in a real browser. Starts `run --serve` on a free
# port with two instances, takes a headless Chromium screenshot, and checks
# that the widgets' cards were drawn, and reads the page's DOM after its
# script ran to check that every instance is on it with its state.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null 2>&1; then
  echo "make e2e needs Debian's chromium"
  echo "+ apt-get install -y chromium"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium || {
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }
fi
work=$(mktemp -d)
cat > "$work/config.yaml" <<YAML
container: {group: e2e.widgethost, path: data}
module_paths: [$PWD/.build/debug]
github: {api: "http://127.0.0.1:9"}
widgets:
  - kind: SingleRepo
  - kind: Contributor
YAML
widgethost=.build/debug/widgethost
ids=$($widgethost add-instance SingleRepo --family systemLarge --config "$work/config.yaml" | sed -n 's/^added \([a-z0-9]*\):.*/\1/p')
ids="$ids $($widgethost add-instance Contributor --config "$work/config.yaml" | sed -n 's/^added \([a-z0-9]*\):.*/\1/p')"
$widgethost run "$work/config.yaml" --serve 127.0.0.1:0 > "$work/run.log" 2>&1 &
host=$!
trap 'kill $host 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 100); do grep -q "dashboard at" "$work/run.log" && break; sleep 0.1; done
url=$(grep -o 'http://127.0.0.1:[0-9]*/' "$work/run.log" | head -1)
# github.api is a closed port: wait until both kinds have answered from their
# extensions (with the host's "offline" error), so the page has news to show.
for _ in $(seq 300); do [ "$(grep -c 'reload failed' "$work/run.log")" -ge 2 ] && break; sleep 0.1; done
echo "dashboard: $url"
# --timeout, not --virtual-time-budget: the page's event stream never lets the
# network go idle, which a virtual time budget waits for.
timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1000,900 \
  --timeout=4000 --screenshot="$work/dashboard.png" "$url" 2>/dev/null
cp "$work/dashboard.png" e2e-dashboard.png
python3 scripts/png_stats.py e2e-dashboard.png
# The DOM after the page's script ran: a figure per instance, with its card and state.
# The script marks the page once its event stream opens, which can come just
# after chromium takes the DOM: try up to three times.
for _ in 1 2 3; do
  dom=$(timeout 120 chromium --headless --no-sandbox --disable-gpu --timeout=4000 --dump-dom "$url" 2>/dev/null)
  grep -q 'data-live="connected"' <<<"$dom" && break
done
for id in $ids; do
  grep -q "/instances/$id.svg" <<<"$dom" || { echo "e2e: instance $id is not on the page"; exit 1; }
done
# github.api is a closed port: each kind ran in its extension, asked the host's
# HTTP service, and the caption says why it has no data yet.
# data-live is set by the page's own script: the Content-Security-Policy let
# it run ("connected" once /events answered; the test suite checks the stream).
for text in 'alt="SingleRepo"' 'alt="Contributor"' 'failed reload' 'data-live="connect'; do
  grep -q "$text" <<<"$dom" || { echo "e2e: the page does not show $text"; echo "$dom" | head -50; exit 1; }
done
echo "e2e: the page shows instances $ids with their cards and states"
echo "e2e: passed (screenshot in e2e-dashboard.png)"
