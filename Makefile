# widgethost — `make run` runs the host on config.yaml, `make test` runs the tests.
# Both first install the Debian packages the build needs, if any are missing.

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
CONFIG ?= config.yaml
# make install: where, and which build (the tests install a debug build they already have).
PREFIX ?= /usr/local
CONFIGURATION ?= release
# make deb: the package's file name (default widgethost_<version>_<arch>.deb).
DEB ?=
DOCC ?= $(shell command -v docc 2>/dev/null || echo $(dir $(SWIFT))docc)
SYMBOLGRAPH_EXTRACT ?= $(shell command -v swift-symbolgraph-extract 2>/dev/null || echo $(dir $(SWIFT))swift-symbolgraph-extract)
# libyaml: the manifest parser. libsqlite3: the shared container.
# pkg-config: how SwiftPM finds libyaml. fonts-dejavu-core: text metrics for
# layout, and the font the SVG cards name. fonts-material-design-icons-iconfont:
# the glyphs SF Symbols are drawn as. librsvg2-2: PNG cards (loaded at run time);
# librsvg2-common: its gdk-pixbuf loader, which draws the SVG images in them.
# poppler-utils: `import` converts an asset catalog's PDF vectors to SVG with pdftocairo.
# dpkg-dev: `make deb` reads the package's Depends from the binaries (dpkg-shlibdeps).
APT_PACKAGES := libyaml-dev libsqlite3-dev pkg-config fonts-dejavu-core fonts-material-design-icons-iconfont librsvg2-2 librsvg2-common poppler-utils dpkg-dev

.PHONY: all deps build run test stress e2e bench fuzz chaos card docs install uninstall deb clean trmnl-sim

all: build

deps:
	@missing=""; \
	for package in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	echo "widgethost needs these Debian packages:$$missing"; \
	if [ "$$(id -u)" -eq 0 ]; then \
	  echo "+ apt-get update && apt-get install -y$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq$$missing; \
	elif command -v sudo >/dev/null 2>&1; then \
	  echo "+ sudo apt-get update && sudo apt-get install -y$$missing"; \
	  sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq$$missing; \
	else \
	  echo "Not root and no sudo: run  apt-get install -y$$missing  as root, then try again."; exit 1; \
	fi

build: deps
	$(SWIFT) build

run: build
	.build/debug/widgethost run $(CONFIG)

# The import and documentation checks, the SDK package's own tests, the host
# package's test targets (docs/layout.md lists them), the short chaos run
# (three hosts through every fault, a few minutes), then the install test: make install into a temporary prefix,
# a widget package made and built outside the checkout, make uninstall.
# The container suites run on SQLite and on a throwaway PostgreSQL 15
# (installed if missing), which is stopped and removed however the tests end.
test: deps
	scripts/check_imports.py
	scripts/check_docs.py
	$(SWIFT) test --package-path SDK
	$(SWIFT) build
	@pg=$$(mktemp -d /tmp/widgethost-pg.XXXXXX) && chmod 755 $$pg && \
	trap 'scripts/test_postgres.sh stop $$pg/cluster; rm -rf $$pg' EXIT && \
	echo "starting a throwaway PostgreSQL for the tests in $$pg/cluster" && \
	export WIDGETHOST_TEST_POSTGRES_URL=$$(scripts/test_postgres.sh start $$pg/cluster) && \
	$(SWIFT) test
	scripts/chaos.py .build/debug/widgethost --short
	scripts/install_test.sh

# make test three times in a row beside two CPU-bound processes (PASSES=,
# LOAD= to change): the suite must hold on a busy machine.
stress: deps
	scripts/stress_test.sh

# The dashboard in headless Chromium (installed if missing; slow the first time).
e2e: build
	scripts/e2e.sh

# Release build; prints figures (recorded in BENCHMARKS.md), asserts nothing.
bench: deps
	$(SWIFT) build -c release
	.build/release/widgethost-bench
	scripts/bench_dev.py .build/release/widgethost
	scripts/bench_change_latency.py .build/release/widgethost
	scripts/bench_fleet.py .build/release/widgethost
	scripts/bench_scale.py .build/release/widgethost
	scripts/bench_commands.py .build/release/widgethost
	scripts/bench_hostile.py .build/release/widgethost
	scripts/bench_activities.py .build/release/widgethost
	scripts/bench_controls.py .build/release/widgethost
	scripts/bench_push.py .build/release/widgethost
	scripts/bench_idle.py .build/release/widgethost
	SWIFT=$(SWIFT) scripts/bench_install.sh

# Random and adversarial view trees through the host's entry checks, layout
# and every renderer for FUZZ_SECONDS (default 180), then mutated PNG, JPEG
# and GIF files (bombs among the seeds) through the checks and the sandboxed
# rasteriser for FUZZ_IMAGE_SECONDS (default 60); prints the seed, the
# counts and the slowest. FUZZ_SEED=n repeats a run.
fuzz: deps
	$(SWIFT) build -c release --product widgethost-bench
	$(SWIFT) build -c release --product widgethost-extension
	BENCH_ONLY=fuzz .build/release/widgethost-bench

# A fleet of three hosts on a throwaway PostgreSQL through SIGKILL, SIGSTOP,
# database restarts, killed sessions, a blackhole and a cut, one at a time and
# combined; prints what it checked from outside and fails on a stranded
# instance, a regressed timeline, a lost configuration or a host that did not
# recover. About seven minutes.
chaos: deps
	$(SWIFT) build -c release
	scripts/chaos.py .build/release/widgethost

# A TRMNL e-ink device simulated from its firmware's contract, against a
# running `widgethost run --serve` (docs/screens.md): its wakes as JSON lines.
SERVER ?= http://127.0.0.1:8080
MAC ?= AA:BB:CC:DD:EE:01
WAKES ?= 1
trmnl-sim:
	scripts/trmnl_simulator.py --server $(SERVER) --mac $(MAC) --wakes $(WAKES) --state .build/trmnl-$(subst :,,$(MAC)).json

# The README's card: a SingleRepo preview with sample data, never drawn by hand.
card: build
	.build/debug/widgethost preview SingleRepo --family systemLarge -o docs/card-large.svg
	.build/debug/widgethost preview SingleRepo --family systemMedium -o docs/card-medium.svg

# The WidgetSDK reference as a static DocC archive in .build/docs, with the
# kind author's guide from docs/ as its articles, from the toolchain's docc;
# fails when a public symbol has no doc comment.
# The symbol graphs come from the SDK modules `make build` already built
# (a second build of the SDK package alone took longer than the rest).
SDK_MODULES := WidgetSDK WidgetFoundation WidgetKit SwiftUI AppIntents WidgetUIKit WidgetCombine WidgetOS
docs: build
	rm -rf .build/symbolgraph && mkdir -p .build/symbolgraph .build/docs
	for module in $(SDK_MODULES); do \
	  $(SYMBOLGRAPH_EXTRACT) -module-name $$module -I .build/debug/Modules \
	    -target "$$($(SWIFT) -print-target-info | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -1)" \
	    -minimum-access-level public -output-dir .build/symbolgraph || exit 1; \
	done
	scripts/doc_coverage.py .build/symbolgraph
	scripts/docc_guides.py .build/docs/WidgetSDK.docc
	$(DOCC) convert .build/docs/WidgetSDK.docc --fallback-display-name WidgetSDK --fallback-bundle-identifier widgethost.WidgetSDK \
	  --additional-symbol-graph-dir .build/symbolgraph \
	  --transform-for-static-hosting --output-path .build/docs/WidgetSDK.doccarchive
	@echo "SDK reference: .build/docs/WidgetSDK.doccarchive (serve it: python3 -m http.server -d .build/docs/WidgetSDK.doccarchive, then open /documentation/widgetsdk)"

# widgethost into $(PREFIX): the binary and its libraries in lib/widgethost
# (bin/widgethost links there), the SDK package in share/widgethost/SDK,
# completions, the manual and a systemd user unit. uninstall removes exactly that.
install: deps
	$(SWIFT) build -c $(CONFIGURATION)
	$(SWIFT) package plugin generate-manual --configuration $(CONFIGURATION) >/dev/null
	SWIFT=$(SWIFT) scripts/install.sh "$(DESTDIR)$(PREFIX)" "$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)" \
	  .build/plugins/GenerateManual/outputs/widgethost/widgethost.1

uninstall:
	scripts/uninstall.sh "$(DESTDIR)$(PREFIX)"

# widgethost_<version>_<arch>.deb: the installed tree under /usr, with the
# Swift runtime beside the binary, so installing it needs no toolchain.
deb: deps
	$(SWIFT) build -c $(CONFIGURATION)
	$(SWIFT) package plugin generate-manual --configuration $(CONFIGURATION) >/dev/null
	@bin="$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)"; \
	out="$(DEB)"; [ -n "$$out" ] || out="widgethost_$$("$$bin/widgethost" --version | sed -n 's/^widgethost \([0-9.]*\).*/\1/p')_$$(dpkg --print-architecture).deb"; \
	SWIFT=$(SWIFT) scripts/make_deb.sh "$$bin" .build/plugins/GenerateManual/outputs/widgethost/widgethost.1 "$$out"

clean:
	rm -rf .build SDK/.build
