# Two commands matter: `make run` and `make test`. Everything else is a step of those.
SHELL   := bash
.SHELLFLAGS := -o pipefail -ec
GO      ?= go
NPM     ?= npm
BIN     := bin/vecinos
# Go packages by name: web/node_modules holds Go code of npm packages that is not ours.
GO_PKGS := ./cmd/... ./internal/... ./web/
STATICCHECK := v0.8.2
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X main.version=$(VERSION)
# Every go command builds with -trimpath, the release binary's flag, so that all of them share one build
# cache: the binary the e2e tests run then links what the checks and `go test` compiled (without it, a second
# compile of every package: ~50 s of CI).
export GOFLAGS += -trimpath
WEB_SRC := $(shell find web/src web/public web/pwa web/index.html web/vite.config.ts web/package.json web/scripts/prerender.mjs -type f 2>/dev/null)
GO_SRC  := $(shell find cmd internal api web/embed.go -name '*.go' -o -name '*.sql' -o -name '*.html' -o -name '*.txt' 2>/dev/null) go.mod go.sum

.PHONY: run demo build test test-go test-fuzz fuzz test-web size-budget lighthouse test-e2e test-e2e-postgres lint lint-go lint-web checks-go generate check-generated loadtest loadtest-http loadtest-pocketbase loadtest-scale crashtest soak clean

# Dev mode (the dev mailbox at /dev/mailbox, 'Crear usuario test') unless VECINOS_DEV says otherwise.
run: $(BIN)
	VECINOS_DEV=$${VECINOS_DEV:-1} ./$(BIN) serve

# A demo community in ./data (the data directory of `make run`): 24 homes, residents with roles, content in
# every feature; prints the logins. Refuses a database that already holds communities (-force: add it anyway).
demo: $(BIN)
	./$(BIN) demo

build: $(BIN)

web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	cd web && $(NPM) ci --no-audit --no-fund
	@touch $@

# The build does not type-check: `make lint` (and so `make test`) does, once (tsc -b took 23 s of CPU in each).
web/dist/index.html: web/node_modules/.package-lock.json $(WEB_SRC)
	cd web && $(NPM) run build

$(BIN): web/dist/index.html $(GO_SRC)
	$(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/vecinos

# Every test: the linters, the generated contract, Go (SQLite and PostgreSQL), Vitest, the JS size budget,
# Playwright against the real binary. The web lint runs beside the Go checks, each one's output printed
# when it ends: tsc and eslint use one core, and the Go checks take the other (one after the other: two
# go commands at once would both compile the same packages).
test: web/node_modules/.package-lock.json web/dist/index.html
	@$(MAKE) --no-print-directory -j2 --output-sync=target checks-go lint-web
	@$(MAKE) --no-print-directory test-go test-fuzz test-web size-budget test-e2e
checks-go:
	@$(MAKE) --no-print-directory lint-go check-generated

test-go: web/dist/index.html
	@# -v shows every subtest, so the log shows each store test passing on sqlite and on postgres.
	$(GO) test -count=1 -timeout 30m -v $(GO_PKGS) 2>&1 | grep -v -E '^=== (RUN|PAUSE|CONT|NAME)'

# Every fuzz target (func Fuzz… in a _test.go file) runs FUZZTIME on top of its seeds: 10,000 inputs in
# `make test`, a minute each with `make fuzz` (or `make fuzz FUZZTIME=10m`). A failing input is written
# to the package's testdata/fuzz/ and stays there as a regression seed. `make test` counts inputs rather
# than seconds: Go 1.26's fuzzer can report a false "context deadline exceeded" when a time limit ends
# on a busy machine (go.dev/issue/75804, fixed in Go 1.27); a count sets no deadline.
FUZZTIME ?= 1m
fuzz: web/dist/index.html
	@for dir in $$(grep -rl --include='*_test.go' '^func Fuzz' cmd internal | xargs -n1 dirname | sort -u); do \
	  for fn in $$(grep -h -o '^func Fuzz[A-Za-z0-9_]*' $$dir/*_test.go | cut -d' ' -f2); do \
	    echo "fuzz ./$$dir $$fn for $(FUZZTIME)"; \
	    $(GO) test -run '^$$' -fuzz "^$$fn$$" -fuzztime $(FUZZTIME) ./$$dir | grep -v '^fuzz: elapsed' || exit 1; \
	  done; \
	done

test-fuzz:
	@$(MAKE) --no-print-directory fuzz FUZZTIME=10000x

test-web: web/node_modules/.package-lock.json
	cd web && $(NPM) run test

# The JS a first visit to /, /login and /register downloads, gzipped and brotli, against its budget (sizes of
# the built files, not times: ADR 0029).
size-budget: web/dist/index.html
	node web/scripts/size-budget.mjs

test-e2e: $(BIN)
	cd web && $(NPM) run e2e

# Lighthouse (mobile, default throttling) on /, /login, /register and /dashboard signed in, against the built
# binary: prints the scores and the JS transferred (not part of `make test`: minutes, and noisy on a busy
# machine). Needs Chromium (CHROME_PATH, default /usr/bin/chromium); Lighthouse 13 comes through npx.
lighthouse: $(BIN)
	node web/scripts/lighthouse.mjs

# The same browser suite with every app server on a fresh PostgreSQL database (not part of `make test`,
# which covers PostgreSQL through the Go suite and the two-instance messages spec).
test-e2e-postgres: $(BIN)
	cd web && VECINOS_E2E_ENGINE=postgres $(NPM) run e2e

lint: lint-go lint-web
lint-go: web/dist/index.html
	@unformatted="$$(gofmt -l cmd internal web/*.go)"; if [ -n "$$unformatted" ]; then echo "gofmt -w these files:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet $(GO_PKGS)
	$(GO) run honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK) $(GO_PKGS)
lint-web: web/node_modules/.package-lock.json
	cd web && $(NPM) run lint

# The API contract has one source, the Go handlers; api/openapi.json and the TypeScript types follow from it.
generate: web/node_modules/.package-lock.json web/dist/index.html
	$(GO) run ./cmd/vecinos openapi > api/openapi.json
	cd web && $(NPM) run gen:api

check-generated: web/node_modules/.package-lock.json web/dist/index.html
	@tmp=$$(mktemp -d); \
	$(GO) run ./cmd/vecinos openapi > $$tmp/openapi.json && \
	(cd web && ./node_modules/.bin/openapi-typescript $$tmp/openapi.json -o $$tmp/schema.d.ts >/dev/null && \
		node scripts/gen-limits.mjs $$tmp/openapi.json $$tmp/limits.ts) && \
	diff -q api/openapi.json $$tmp/openapi.json && diff -q web/src/lib/api/schema.d.ts $$tmp/schema.d.ts && \
	diff -q web/src/lib/api/limits.ts $$tmp/limits.ts || \
	{ echo "generated API files are stale: run 'make generate' and commit"; exit 1; }

# The realtime fan-out of BENCHMARK.md against the real binary, the load generator in its own process:
# 1,000 and 10,000 streams, one instance on SQLite and two on PostgreSQL. Prints figures, asserts nothing.
loadtest: $(BIN)
	$(GO) run ./cmd/vecinos-loadtest -bin $(BIN) -engine sqlite,postgres -streams 1000,10000

# The incidents workload of BENCHMARK.md (list, filter, search, by id, dashboard, inserts), the
# reservations one (a facility's month of availability, concurrent bookings, then a check of the database
# for overlaps and excess) and the money one (an owner's statement over 5 years of monthly receipts, and
# their receipts in 'Mis cuotas') against the real binary, one instance per engine, measured by wrk (apt-get
# install wrk) at 50 connections, 20 s a case.
loadtest-http: $(BIN)
	$(GO) run ./cmd/vecinos-loadtest -bin $(BIN) -workload http -engine sqlite,postgres

# The list, status, search and by id of that workload side by side with PocketBase v0.39.11 (bench/pocketbase,
# its own Go module: PocketBase never enters our go.mod) on the same data and the same wrk load, with the
# ratios (docs/adr/0048). Vecinos on SQLite, PocketBase's engine.
loadtest-pocketbase: $(BIN)
	$(GO) run ./cmd/vecinos-loadtest -bin $(BIN) -workload pocketbase -engine sqlite

# Issue #35's ten thousand buildings: 10,000 communities of 40 units × 2 residents (800,000 accounts, 5% in two
# communities), 50 offices of 200 communities, 2 million incidents, 5 million chat messages and a year of
# announcements and bookings seeded with COPY on PostgreSQL (minutes; ~10 GB on disk, dropped afterwards), then two
# instances and wrk, 50 connections a case: a resident's dashboard, incidents, chat and bookings, an office's
# overview of its 200 communities and its search across them, against the targets (p99 < 50 ms, < 300 ms). Then
# the same at 1/100 on SQLite (batched inserts, one instance). SCALE=0.1 for a tenth.
SCALE ?= 1
loadtest-scale: $(BIN)
	$(GO) run ./cmd/vecinos-loadtest -bin $(BIN) -workload scale -engine postgres -scale $(SCALE)
	$(GO) run ./cmd/vecinos-loadtest -bin $(BIN) -workload scale -engine sqlite -scale 0.01

# Mixed writes through the API while the real binary is SIGKILLed 20 times and restarted, on SQLite and on
# PostgreSQL; then every acknowledged write must be in the database and every queued email delivered (an
# SMTP catcher counts them by Message-ID). Prints acknowledged, found, lost, duplicates. `make test` runs
# 3 kills (cmd/vecinos-loadtest's TestCrashLosesNothingAcknowledged).
crashtest: $(BIN)
	$(GO) run ./cmd/vecinos-loadtest -bin $(BIN) -workload crash -engine sqlite,postgres -kills 20

# One hour of mixed load on SQLite against the real binary, sampling its RSS and goroutines each minute;
# prints the curve and fails when RSS grows 10 % or more after warm-up.
soak: $(BIN)
	$(GO) run ./cmd/vecinos-loadtest -bin $(BIN) -workload soak -duration 1h -sample 1m

clean:
	rm -rf bin web/dist
