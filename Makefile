# InferCost: `make serve` builds and serves the site, `make test` runs every
# test. Both install what they need (npm packages; Debian's chromium for the
# browser tests when running as root).
GO      ?= go
# Every command that compiles the module passes -trimpath: builds then
# hold no path of the clone they were made in, and the Go build cache
# serves a fresh clone anywhere on the machine what another clone
# compiled. go test compiled every test binary of a clone in a new folder
# in 13 s instead of 42 s (25 CPU-seconds instead of 81). (Through
# GOFLAGS it would also be written into the browser module, 160 B more.)
BASE    ?= /
# Where the site is published (scheme and host, or with the base path):
# canonical URLs, link previews, the sitemap and the feed are under it.
SITE_URL ?= https://infercost.github.io
ADDR    ?= 127.0.0.1:8080
# Where readers reach the edge worker (wasm/cmd/worker), scheme and host
# (https://infercost.SUBDOMAIN.workers.dev, or its custom domain): the
# pages and link-preview cards it renders name it (og:url, og:image), so it
# is never the static site's SITE_URL on GitHub Pages, which has no card/.
# make worker-wasm needs it; make worker defaults to its own address.
WORKER_URL ?=
# Where the edge worker's JSON API answers (its origin), for the API page and
# "Copy API call": the worker's, else the site's origin when empty.
API_URL ?= $(WORKER_URL)
WASM    := build/engine.wasm
# The browser module's decoder of its data files, generated from the data types.
DECODER := wasm/sitedata/decode/decode_gen.go
# The English message catalog compiled into the engine, from content/i18n/en.yaml.
MESSAGES := wasm/msg/en_gen.go
# The API's OpenAPI document, generated from the calculators' fields.
OPENAPI := wasm/api/openapi.json
# Stamp of npm ci: gen bundles ECharts from node_modules and runs Pagefind.
ECHARTS := node_modules/echarts/package.json
VERSION := $(shell git rev-parse --short HEAD 2>/dev/null || echo dev)

# The edge worker (wasm/cmd/worker): its data files and calculator pages,
# embedded from wasm/edgedata/data and wasm/edgedata/pages, and its build
# for workerd (wrangler.toml).
WORKER_DATA := wasm/edgedata/data
WORKER_PAGES := wasm/edgedata/pages
PORT    ?= 8788

.PHONY: build serve test check lint bench clean generate chromium prices seal worker worker-data worker-wasm

build: $(ECHARTS) $(WASM)
	$(GO) run -trimpath ./gen -out public -base $(BASE) -site-url $(SITE_URL) $(if $(API_URL),-api-url $(API_URL)) -version $(VERSION)

# The server runs in place of the recipe's shell (exec), so that it is
# make's own child and exits when make is gone (see gen's exitWithParent).
serve: $(ECHARTS) $(WASM)
	$(GO) build -trimpath -o build/gen ./gen
	exec build/gen -out public -base $(BASE) -site-url $(SITE_URL) $(if $(API_URL),-api-url $(API_URL)) -version $(VERSION) -serve $(ADDR)

$(ECHARTS): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

# The browser module: the engine with the syscall/js host, without the
# English catalog, which it loads as data like any language's (noenglish).
$(WASM): go.mod go.sum $(shell find wasm -name '*.go' -not -name '*_test.go')
	@mkdir -p build
	GOOS=js GOARCH=wasm $(GO) build -trimpath -tags noenglish -ldflags="-s -w" -o $@ ./wasm/cmd/browser

# Every data edition's data files, as the pages load them, and the
# calculator pages of the site just built in public/, for the worker to
# embed (package edgedata): it renders scenario links into those pages, so
# they come from the same build (same BASE, SITE_URL and version) as the
# public/ it serves. Fast, so always rewritten.
worker-data: build
	$(GO) run -trimpath ./gen -worker-data $(WORKER_DATA) -worker-pages $(WORKER_PAGES) -out public

# The worker natively on http://127.0.0.1:$(PORT)/: the API, scenario
# links and cards, and the built site from public/.
worker: build worker-data
	PORT=$(PORT) exec $(GO) run -trimpath ./wasm/cmd/worker -dir public

# The worker for workerd in build/worker/ (wrangler dev, wrangler deploy):
# syumai/workers' glue (worker.mjs, wasm_exec.js) and the module, with
# WORKER_URL compiled in once the worker's own check has taken it.
worker-wasm: worker-data
	@test -n "$(WORKER_URL)" || { echo "make worker-wasm needs WORKER_URL, the worker's public address (https://infercost.SUBDOMAIN.workers.dev or its custom domain): its link previews name it"; exit 1; }
	$(GO) run -trimpath ./wasm/cmd/worker -check -url '$(WORKER_URL)' -dir public
	$(GO) tool workers-assets-gen -mode=go -o build/worker
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags="-s -w -X main.workerURL=$(WORKER_URL)" -o build/worker/app.wasm ./wasm/cmd/worker

generate:
	$(GO) tool templ generate

# The API price snapshot (content/data/api-genai.yaml) brought up to the
# installed @pydantic/genai-prices; SUMMARY=file writes its changes as Markdown.
prices: $(ECHARTS)
	$(GO) run -trimpath ./gen/importprices $(if $(SUMMARY),-summary $(SUMMARY))

# Seals the data published before today (content/data/editions.lock;
# README, "Data editions"): run it once an edition's day has passed.
seal:
	$(GO) run -trimpath ./gen -seal

# Every test: the checks, then every package's tests, the site build's,
# the browser's in headless Chromium (gen/browsertest) and workerd's
# included. Each test's time is kept in build/test.json: `go tool gotestsum
# tool slowest --jsonfile build/test.json --threshold 10s` lists the slow ones.
test: lint $(WASM) chromium worker-data
	INFERCOST_WASM=$(CURDIR)/$(WASM) $(GO) tool gotestsum --format pkgname --jsonfile build/test.json \
		--rerun-fails=2 --rerun-fails-run-root-test --rerun-fails-max-failures=3 \
		--packages=./... -- -trimpath -count=1 -timeout 60m

# The fast tier for the edit-test loop: the checks, then the unit, golden
# and fuzz seed tests. go test -short skips what builds the site or the
# browser module or starts workerd; the Chromium tests (gen/browsertest)
# are not even compiled. The worker's tests read the data files and pages
# that worker-data embeds.
check: lint worker-data
	$(GO) test -trimpath -short -count=1 $$($(GO) list ./... | grep -v '/gen/browsertest$$')

# Format, vet, generated files up to date, the OpenAPI document linted.
lint: $(ECHARTS)
	@test -z "$$(gofmt -l .)" || { echo "gofmt needed:"; gofmt -l .; exit 1; }
	$(GO) vet -trimpath ./...
	$(GO) tool actionlint
	GOOS=js GOARCH=wasm $(GO) vet -trimpath ./wasm/cmd/browser ./wasm/cmd/worker
	GOOS=js GOARCH=wasm $(GO) vet -trimpath -tags noenglish ./wasm/cmd/browser ./wasm/msg
	$(GO) tool templ generate
	$(GO) generate ./gen
	@test -z "$$(git status --porcelain -- '*_templ.go' $(DECODER) $(MESSAGES) $(OPENAPI))" || { echo "generated files were stale: commit them"; git status --short -- '*_templ.go' $(DECODER) $(MESSAGES) $(OPENAPI); exit 1; }
	REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true node_modules/.bin/redocly lint --format=stylish $(OPENAPI)

chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else echo "The browser tests need Debian's chromium: sudo apt-get install chromium"; exit 1; fi; }

bench: $(ECHARTS) $(WASM) chromium worker-data
	$(GO) test -trimpath -run '^$$' -bench . -benchmem ./wasm/planview ./wasm/tco ./wasm/tcoview ./wasm/memory ./wasm/memview ./wasm/perf ./wasm/perfview ./wasm/pricing ./wasm/qr
	INFERCOST_WASM=$(CURDIR)/$(WASM) INFERCOST_BENCH=1 $(GO) test -trimpath -count=1 -timeout 60m -run 'TestReportSizes|TestBenchPages|TestBenchArticles' -v ./gen/browsertest | grep -E '^\s+(---|ok|FAIL)|bench:'
	INFERCOST_BENCH=1 $(GO) test -trimpath -count=1 -run 'TestWorkerUnderWorkerd' -v ./wasm/cmd/worker | grep -E '^\s+(---|ok|FAIL)|workerd_test|pages_test'

clean:
	rm -rf public build node_modules
