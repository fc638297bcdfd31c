# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# LSM export kit: the one entry point.  "make help" lists the targets.
#
# Kernels are built into a cache outside the work tree, keyed by content
# (KIT_CACHE, default ~/.cache/lsm-export-kit); everything else goes under
# build/.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
ifeq ($(origin KIT_CACHE),undefined)
KIT_CACHE := $(shell bash scripts/lib.sh --cache)
endif
ifeq ($(strip $(KIT_CACHE)),)
$(error KIT_CACHE is empty: set it, or HOME, to where the kit may cache kernels)
endif
export KIT_CACHE
# When this make started: each Debian kernel's package lists are fetched
# at most once a run (vendor-sdk/debian-apt).
KIT_APT_SINCE ?= $(shell date +%s)
export KIT_APT_SINCE
BUILD := build
KERNEL ?= patched
PREFIX ?= /usr/local
# The licence "make demo" ends with the permission table for; any string
# (passed through the environment, so no quoting can break it).
LICENSE ?= Proprietary
export LICENSE
# The third-party modules make distro builds for Debian's kernel
# (harness/thirdparty.tsv): "demo", the quick ones, or "all", with
# OpenAFS, whose configure takes minutes; make test builds all.
THIRDPARTY ?= demo
export THIRDPARTY
FUZZ_RUNS ?= 10000000

# Targets that need the Debian packages of scripts/install-deps.
WORK := demo results test test-debug kernels kdir modules cases distro lint bench sdk table \
	distro-tables man install fuzz guide dkms images vm vm-shell

.PHONY: help deps clean clean-cache probes distro-modules image-base $(WORK)

help:
	@echo "make demo          build what is missing, load examples and probes in both kernels; LICENSE=... picks the final table; THIRDPARTY=all adds OpenAFS, as make test does"
	@echo "make results       rewrite every build/demo result from the guests' last records, booting nothing"
	@echo "make test          run every test; ends with 'N passed, N failed'"
	@echo "make test-debug    build the debug kernel (lockdep, KASAN...) and run the lifetime stress test"
	@echo "make kernels       build the baseline and patched kernels into \$$KIT_CACHE"
	@echo "make kdir          print a kernel's build directory (KERNEL=baseline|patched, default patched)"
	@echo "make modules       build the example modules against both kernels"
	@echo "make cases         build the cases vendors meet, load them in the patched guest: build/demo/cases.json"
	@echo "make distro        Debian's own kernels: their LSM tables, probes, examples (and real dkms modules), booted: build/demo/distro.json"
	@echo "make dkms          package the examples for dkms: build/dkms/ (source trees, tarballs, -dkms .debs)"
	@echo "make images        build the Debian guest images (dkms, and each kernel's .debs) into \$$KIT_CACHE"
	@echo "make vm-shell      a root shell in the Debian guest on the patched kernel"
	@echo "make vm            the same shell; KERNEL=patched (default) or KERNEL=baseline"
	@echo "make sdk           build export-check into build/bin/"
	@echo "make table         the LSM permission table of both kernels: build/demo/table.{md,json} (no network)"
	@echo "make distro-tables every Debian kernel of vendor-sdk/debian-kernels.tsv: its table, and build/demo/distro-diff.{md,json}"
	@echo "make guide         render the vendor guide from the last run: build/guide/index.html"
	@echo "make man           render the man pages into build/man/: export-check(1), lsm-export-kit(7)"
	@echo "make install       install export-check, its man page, kit.mk and headers under PREFIX (/usr/local)"
	@echo "make fuzz          fuzz export-check's module parser (FUZZ_RUNS, default 10000000)"
	@echo "make lint          shellcheck, checkpatch and reuse lint"
	@echo "make bench         warm demo vs bare boots, dkms installs, guest image; cold builds (bench/run --cold)"
	@echo "make deps          install missing Debian packages (as root)"
	@echo "make clean         remove build/"
	@echo "make clean-cache   remove the kernel cache (\$$KIT_CACHE)"

deps:
	@scripts/install-deps

clean:
	rm -rf $(BUILD)

clean-cache:
	rm -rf '$(KIT_CACHE)'

ifneq ($(origin KIT_DEPS_DONE),command line)
# Install missing packages first, then do the work in a second make, which
# can ask the kernel cache where the kernels of this content live.  Two
# runs on one work tree take turns (build/.lock); the kernel cache has its
# own lock, so work trees sharing it take turns there.  Only the second
# make's own command line (passed on to makes run from its recipes, which
# already hold the lock) skips this; the variable leaking through the
# environment does not.
# A make that has to wait says so (flock -n fails with 200: the lock is
# held), then waits.
LOCKED_MAKE = $(MAKE) --no-print-directory KIT_DEPS_DONE=1 $@
$(WORK): deps
	@mkdir -p $(BUILD)
	@rc=0; flock -n -E 200 $(BUILD)/.lock $(LOCKED_MAKE) || rc=$$?; \
	if ((rc == 200)); then \
		echo "[make $@] waiting for another make in this tree ($(BUILD)/.lock)…" >&2; \
		flock $(BUILD)/.lock $(LOCKED_MAKE); \
	else \
		exit $$rc; \
	fi
else

# Stages that need nothing of each other run side by side: the kernel
# build beside the Debian kernels' downloads, probes and third-party
# builds (openafs's configure runs its kbuild tests one at a time), and
# the guest image's Debian base.  Each stage sets its own parallelism for
# the builds it runs (scripts/lib.sh); STAGE_JOBS=1 runs them in turn.
STAGE_JOBS ?= 4
MAKEFLAGS += -j$(STAGE_JOBS)

# The files that mark each kernel built; their paths change with content.
STAMPS := $(shell kernel-patch/build-kernels '$(KIT_CACHE)' --stamps)
ifneq ($(words $(STAMPS)),2)
$(error cannot locate the kernel cache; see the message above)
endif
STAMP_baseline := $(word 1,$(STAMPS))
STAMP_patched := $(word 2,$(STAMPS))
TREE = $(STAMP_$(1):.ok=)
KERNELS := baseline patched
MODULES := $(shell awk -F'\t' '!/^\#/ && NF { print $$1 }' example-modules/modules.tsv)
MODULE_SOURCES := $(wildcard example-modules/*/* example-modules/*.mk)

kernels: $(STAMPS)

# One run builds both (&: make runs the recipe once for the group).
$(STAMPS) &:
	@kernel-patch/build-kernels '$(KIT_CACHE)'

kdir: kernels
	@kernel-patch/build-kernels '$(KIT_CACHE)' --dir '$(KERNEL)'

modules: $(foreach k,$(KERNELS),$(BUILD)/modules/$(k)/.done)

define module_rule
$(BUILD)/modules/$(1)/.done: $(STAMP_$(1)) $(MODULE_SOURCES) scripts/build-modules
	@scripts/build-modules $(call TREE,$(1)) $$(@D) $(addprefix example-modules/,$(MODULES))
	@touch $$@
endef
$(foreach k,$(KERNELS),$(eval $(call module_rule,$(k))))

# One probe per LSM export and licence class, for the matrix.
probes: table
	@KIT_EXPORT_CHECK=$(EXPORT_CHECK) harness/make-probes $(BUILD)/demo/table.json \
		$(call TREE,baseline) $(BUILD)/demo/probes

# The binaries a vendor ships: built against the baseline, loaded in both.
GUEST_SCRIPTS := $(wildcard harness/guest/*)
$(BUILD)/demo/initramfs.cpio.gz: $(BUILD)/modules/baseline/.done $(BUILD)/demo/probes/.key \
		harness/mkinitramfs $(GUEST_SCRIPTS) example-modules/modules.tsv
	@harness/mkinitramfs $@ harness/guest/demo.sh harness/guest/load-modules.sh \
		harness/guest/load-probes.sh example-modules/modules.tsv $(BUILD)/demo/probes \
		$(foreach m,$(MODULES),$(BUILD)/modules/baseline/$(m)/$(m).ko)

$(BUILD)/demo/probes/.key: probes

# dkms: the examples packaged as a customer receives them, and the Debian
# guest (one image per kernel, with that kernel's bindeb-pkg packages).
DKMS := $(BUILD)/dkms
DKMS_SOURCES := dkms/make-packages $(wildcard dkms/*.tsv dkms/*/dkms.conf dkms/debian/* dkms/debian/*/*)
IMAGE = $(shell harness/mkimage '$(KIT_CACHE)' $(call TREE,$(1)) $(1) --path)

dkms: $(DKMS)/plan.tsv

$(DKMS)/plan.tsv: $(DKMS_SOURCES) $(MODULE_SOURCES) example-modules/modules.tsv
	@dkms/make-packages $(DKMS)

image-base:
	@harness/mkimage '$(KIT_CACHE)' --base

images: kernels image-base
	@$(foreach k,$(KERNELS),harness/mkimage '$(KIT_CACHE)' $(call TREE,$(k)) $(k) >/dev/null && ) true

$(BUILD)/demo/dkms-initramfs.cpio.gz: $(DKMS)/plan.tsv harness/mkinitramfs $(GUEST_SCRIPTS)
	@harness/mkinitramfs $@ harness/guest/debian.sh harness/guest/dkms.sh $(DKMS)

# The Debian guest boots with the initramfs's busybox init, which runs
# Debian in a chroot: fast, and no systemd to wait for.
DEBIAN_GUEST = $(3) --memory 1024 --disk $(call IMAGE,$(1)) \
	--append 'kit.debian=$(2)' $(call TREE,$(1))/arch/x86/boot/bzImage \
	$(BUILD)/demo/dkms-initramfs.cpio.gz

vm: kernels images $(BUILD)/demo/dkms-initramfs.cpio.gz
	@harness/run-guest $(call DEBIAN_GUEST,$(KERNEL),shell loglevel=4,--interactive) $(BUILD)/vm-$(KERNEL)

vm-shell: vm

# The cases vendors meet (example-modules/cases/cases.tsv), built against
# the patched kernel and loaded in its guest: build/demo/cases.json.
CASES := $(BUILD)/modules/cases
CASE_SOURCES := $(wildcard example-modules/cases/*/* vendor-sdk/tests/fixtures/*/*)

$(CASES)/.done: $(STAMP_patched) example-modules/cases/cases.tsv $(CASE_SOURCES) \
		scripts/build-cases scripts/build-modules
	@scripts/build-cases $(call TREE,patched) $(CASES)
	@touch $@

$(BUILD)/demo/cases-initramfs.cpio.gz: $(CASES)/.done example-modules/cases/load-plan.tsv \
		harness/mkinitramfs $(GUEST_SCRIPTS)
	@harness/mkinitramfs $@ harness/guest/load-list.sh example-modules/cases/load-plan.tsv $(CASES)/*/*.ko

CASES_GUEST = 'cases guest' --timeout 300 \
	$(call TREE,patched)/arch/x86/boot/bzImage $(BUILD)/demo/cases-initramfs.cpio.gz $(BUILD)/demo/cases
COLLECT_CASES = results/collect-cases $(BUILD) patched=$(call TREE,patched) && \
	results/validate-json results/schemas/cases.schema.json $(BUILD)/demo/cases.json >/dev/null

cases: kernels sdk $(BUILD)/demo/cases-initramfs.cpio.gz
	@rc=0; harness/run-guests $(CASES_GUEST) || rc=1; $(COLLECT_CASES) || rc=1; exit $$rc

# Debian's own kernels (vendor-sdk/debian-kernels.tsv; fetched and
# unpacked by vendor-sdk/debian-modules, never installed): for each, its
# LSM table's probes, the kit's examples and, for Debian 12's default
# kernel, real third-party dkms modules and altered copies, built against
# its headers (harness/make-distro) and loaded in it under QEMU
# (harness/distro-guests: as booted, and for Debian 12's default also with
# module.sig_enforce=1).  build/demo/distro.json.
DISTRO_GUESTS = mapfile -d '' -t distro_guests < <(harness/distro-guests $(BUILD))
COLLECT_DISTRO = results/collect-distro $(BUILD) && \
	results/validate-json results/schemas/distro.schema.json $(BUILD)/demo/distro.json >/dev/null

distro-modules: sdk distro-tables
	@harness/make-distro $(BUILD)

distro: distro-modules
	@rc=0; $(DISTRO_GUESTS); \
	if (($${#distro_guests[@]})); then harness/run-guests "$${distro_guests[@]}" || rc=1; fi; \
	$(COLLECT_DISTRO) || rc=1; exit $$rc

# The guests run every time: the results are those of the last real run.
# The insmod and cases guests boot side by side, then the Debian (dkms)
# guests; each guest's verdict is judged after.  The results record how
# long each took.
KERNEL_ARGS = $(foreach k,$(KERNELS),$(k)=$(call TREE,$(k)))
demo: kernels modules table probes images sdk distro-modules distro-tables $(BUILD)/demo/initramfs.cpio.gz \
		$(BUILD)/demo/dkms-initramfs.cpio.gz $(BUILD)/demo/cases-initramfs.cpio.gz
	@rc=0; $(DISTRO_GUESTS); \
	harness/run-guests $(foreach k,$(KERNELS),'guest $(k)' --timeout 300 \
		$(call TREE,$(k))/arch/x86/boot/bzImage $(BUILD)/demo/initramfs.cpio.gz \
		$(BUILD)/demo/$(k) ';') $(CASES_GUEST) ';' "$${distro_guests[@]}" || rc=1; \
	harness/run-guests $(foreach k,$(KERNELS),'dkms guest $(k)' \
		$(call DEBIAN_GUEST,$(k),dkms.sh,--timeout 900) $(BUILD)/demo/dkms-$(k) ';') || rc=1; \
	echo; \
	$(COLLECT_ALL) \
	exit $$rc

# Every result file from what the guests recorded, as the demo writes it,
# without booting anything: after a change to results/, or to look again.
COLLECT_ALL = \
	results/collect-demo $(BUILD) $(KERNEL_ARGS) || rc=1; \
	echo; \
	results/collect-matrix $(BUILD) $(KERNEL_ARGS) || rc=1; \
	echo; \
	$(COLLECT_CASES) || rc=1; \
	echo; \
	$(COLLECT_DISTRO) || rc=1; \
	echo; \
	results/check-debian $(BUILD) || rc=1; \
	echo; \
	results/licence-table $(BUILD) "$$LICENSE" $(KERNEL_ARGS) || rc=1; \
	for f in results matrix; do \
		results/validate-json results/schemas/$$f.schema.json $(BUILD)/demo/$$f.json >/dev/null || rc=1; \
	done; \
	echo "All results: $(BUILD)/demo/ (results, matrix, cases, table: .json, .md, .ktap)";

results: kernels sdk
	@rc=0; $(COLLECT_ALL) exit $$rc

# The Debian kernels' modules, OpenAFS's slow configure among them, are
# built beside the kernels; the tests' demo then finds them in the cache.
test: export THIRDPARTY := all
test: kernels distro-modules
	@tests/run

lint:
	@tests/run lint

# Not part of make test: the debug kernel is a third full build.
test-debug: kernels
	@kernel-patch/build-kernels '$(KIT_CACHE)' --debug
	@tests/run debug

bench: kernels
	@bench/run --cold

EXPORT_CHECK := $(BUILD)/bin/export-check

sdk:
	@$(MAKE) -s -C vendor-sdk WERROR=1 O=$(CURDIR)/$(BUILD) $(CURDIR)/$(EXPORT_CHECK)

# security_hook_heads, the built-in hook lists, is exported by neither
# kernel (loadable modules name a hook by its index): the table lists it,
# and the matrix proves that no module of any licence can link it.
TABLE_ALSO := security_hook_heads

table: kernels sdk
	@mkdir -p $(BUILD)/demo
	@for fmt in md json; do \
		$(EXPORT_CHECK) --table $$([[ $$fmt == json ]] && echo --json) \
			$(foreach s,$(TABLE_ALSO),--also $(s)) \
			$(foreach k,$(KERNELS),$(k)=$(call TREE,$(k))) >$(BUILD)/demo/table.$$fmt.tmp; \
		mv $(BUILD)/demo/table.$$fmt.tmp $(BUILD)/demo/table.$$fmt; \
	done
	@echo "[table] $(BUILD)/demo/table.md, $(BUILD)/demo/table.json"

# Every Debian kernel of vendor-sdk/debian-kernels.tsv, fetched through
# an apt configuration of its own (a kernel that cannot be had is skipped,
# with the reason, in build/demo/distro-kernels.json): its permission
# table, build/demo/distro-tables/ID.{md,json}, and what changed between
# them, build/demo/distro-diff.{md,json}.
distro-tables: sdk
	@harness/fetch-debian-kernels $(BUILD)
	@mkdir -p $(BUILD)/demo/distro-tables
	@jq -r '.kernels[] | select(.status == "ready") | "\(.id)\t\(.locations)"' $(BUILD)/demo/distro-kernels.json | \
	while IFS='	' read -r id locations; do \
		results/distro-table $(BUILD) "$$locations" || exit 1; \
		results/validate-json results/schemas/distro-table.schema.json \
			$(BUILD)/demo/distro-tables/$$id.json >/dev/null || exit 1; \
	done
	@results/distro-diff $(BUILD)
	@for f in distro-kernels distro-diff; do \
		results/validate-json results/schemas/$$f.schema.json $(BUILD)/demo/$$f.json >/dev/null || exit 1; \
	done

$(BUILD)/man/export-check.1: vendor-sdk/man/export-check.1.md
	@mkdir -p $(@D)
	pandoc -s -t man $< -o $@

$(BUILD)/man/lsm-export-kit.7: Makefile scripts/make-targets-man
	@mkdir -p $(@D)
	scripts/make-targets-man $@

man: $(BUILD)/man/export-check.1 $(BUILD)/man/lsm-export-kit.7

# The guide's tables come from the last run (build/demo/*.json): run make
# demo first, or they say "not yet measured".
guide: sdk man
	@guide/build $(BUILD)

# kit.mk finds the headers beside it: share/lsm-export-kit/{kbuild,include}.
install: sdk man
	install -D -m 0755 $(EXPORT_CHECK) '$(DESTDIR)$(PREFIX)/bin/export-check'
	install -D -m 0644 $(BUILD)/man/export-check.1 '$(DESTDIR)$(PREFIX)/share/man/man1/export-check.1'
	install -D -m 0644 $(BUILD)/man/lsm-export-kit.7 '$(DESTDIR)$(PREFIX)/share/man/man7/lsm-export-kit.7'
	install -D -m 0644 vendor-sdk/kbuild/kit.mk '$(DESTDIR)$(PREFIX)/share/lsm-export-kit/kbuild/kit.mk'
	install -D -m 0644 vendor-sdk/include/kit/license.h \
		'$(DESTDIR)$(PREFIX)/share/lsm-export-kit/include/kit/license.h'

# The fuzz corpus starts from real modules: the examples and the fixtures.
fuzz: kernels modules
	@$(MAKE) -s -C vendor-sdk WERROR=1 O=$(CURDIR)/$(BUILD) $(CURDIR)/$(BUILD)/bin/fuzz-export-check
	@mkdir -p $(BUILD)/fuzz/corpus
	@for f in $(BUILD)/modules/*/*/*.ko; do cp $$f $(BUILD)/fuzz/corpus/$$(tr / _ <<<$${f#$(BUILD)/}); done
	KDIR=$(call TREE,patched) $(BUILD)/bin/fuzz-export-check -runs=$(FUZZ_RUNS) \
		-max_len=262144 -artifact_prefix=$(BUILD)/fuzz/ $(BUILD)/fuzz/corpus

endif
