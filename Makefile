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
KIT_CACHE ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/lsm-export-kit
export KIT_CACHE
BUILD := build
KERNEL ?= patched

# Targets that need the Debian packages of scripts/install-deps.
WORK := demo test kernels kdir modules guest-tests lint

.PHONY: help deps clean clean-cache $(WORK)

help:
	@echo "make demo          build what is missing, load the example modules in both kernels, show the outcomes"
	@echo "make test          run every test; ends with 'N passed, N failed'"
	@echo "make kernels       build the baseline and patched kernels into \$$KIT_CACHE"
	@echo "make kdir          print a kernel's build directory (KERNEL=baseline|patched, default patched)"
	@echo "make modules       build the example modules against both kernels"
	@echo "make lint          shellcheck, checkpatch and reuse lint"
	@echo "make deps          install missing Debian packages (as root)"
	@echo "make clean         remove build/"
	@echo "make clean-cache   remove the kernel cache (\$$KIT_CACHE)"

deps:
	@scripts/install-deps

clean:
	rm -rf $(BUILD)

clean-cache:
	rm -rf '$(KIT_CACHE)'

ifndef KIT_DEPS_DONE
# Install missing packages first, then do the work in a second make, which
# can ask the kernel cache where the kernels of this content live.
$(WORK): deps
	@$(MAKE) --no-print-directory KIT_DEPS_DONE=1 $@
else

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

$(STAMPS):
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

# The binaries a vendor ships: built against the baseline, loaded in both.
$(BUILD)/demo/initramfs.cpio.gz: $(BUILD)/modules/baseline/.done \
		harness/mkinitramfs harness/guest/init harness/guest/load-modules.sh \
		example-modules/modules.tsv
	@harness/mkinitramfs $@ harness/guest/load-modules.sh example-modules/modules.tsv \
		$(foreach m,$(MODULES),$(BUILD)/modules/baseline/$(m)/$(m).ko)

# The guests run every time: the results are those of the last real run.
demo: kernels modules $(BUILD)/demo/initramfs.cpio.gz
	@$(foreach k,$(KERNELS),scripts/timed "guest $(k)" harness/run-guest --timeout 120 \
		$(call TREE,$(k))/arch/x86/boot/bzImage $(BUILD)/demo/initramfs.cpio.gz \
		$(BUILD)/demo/$(k) || true;)
	@echo
	@harness/collect-demo $(BUILD) $(foreach k,$(KERNELS),$(k)=$(call TREE,$(k)))

test: kernels
	@tests/run

lint:
	@tests/run lint

endif
