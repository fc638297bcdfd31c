# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# The LSM export kit's Kbuild fragment, for a vendor's out-of-tree module.
# In the module's Kbuild (or its Makefile, if it has no Kbuild):
#
#   KIT_MODULE_LICENSE := Proprietary
#   include /path/to/vendor-sdk/kbuild/kit.mk
#
# Inside the kernel's build (KERNELRELEASE set), it asks export-check
# whether the target kernel treats KIT_MODULE_LICENSE as GPL-compatible,
# passes KIT_LICENSE and KIT_GPL_COMPATIBLE to the compiler, and generates
# kit/gpl_guard.h from the kernel's exports: in a module that is not
# GPL-compatible, each use of a GPL-only export is then a compile-time
# error at its line.  In the vendor's own make (KERNELRELEASE unset), it
# adds "make kit-check", which runs export-check on every built module
# against the kernel in KDIR.
#
# The tool: KIT_EXPORT_CHECK if set; else the export-check installed with
# this file ("make install" puts it in PREFIX/bin and this file in
# PREFIX/share/lsm-export-kit/kbuild); else the kit's own build (this file
# in vendor-sdk/kbuild, the tool in build/bin); else export-check on PATH.

kit_mk_dir := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
KIT_SDK := $(abspath $(kit_mk_dir)/..)
KIT_EXPORT_CHECK ?= $(firstword \
	$(wildcard $(abspath $(addsuffix /../../../bin/export-check,\
		$(filter %/share/lsm-export-kit/kbuild,$(kit_mk_dir))))) \
	$(wildcard $(abspath $(KIT_SDK)/../build/bin/export-check)) \
	$(shell command -v export-check 2>/dev/null))

kit_not_found = kit.mk: export-check not found (not in the bin directory of \
	the prefix this kit.mk is installed in, nor in the kit's build/bin, nor on \
	PATH); set KIT_EXPORT_CHECK to its path, as in \
	make KIT_EXPORT_CHECK=/opt/kit/bin/export-check
kit_tool := $(strip $(if $(findstring /,$(KIT_EXPORT_CHECK)),\
	$(shell test -f '$(KIT_EXPORT_CHECK)' && test -x '$(KIT_EXPORT_CHECK)' && \
		echo '$(KIT_EXPORT_CHECK)'),\
	$(if $(KIT_EXPORT_CHECK),$(shell command -v '$(KIT_EXPORT_CHECK)' 2>/dev/null))))
kit_need_tool = $(if $(kit_tool),,$(error $(if $(KIT_EXPORT_CHECK),kit.mk: \
	KIT_EXPORT_CHECK=$(KIT_EXPORT_CHECK) is not an executable; set it to \
	export-check's path,$(kit_not_found))))

ifneq ($(KERNELRELEASE),)

ifeq ($(strip $(KIT_MODULE_LICENSE)),)
$(error kit.mk: set KIT_MODULE_LICENSE before including kit.mk)
endif

$(kit_need_tool)
kit_answer := $(shell '$(kit_tool)' --gpl-compatible '$(KIT_MODULE_LICENSE)' \
	--kernel $(objtree) 2>&1)
ifeq ($(kit_answer),yes)
KIT_GPL_COMPATIBLE := 1
else ifeq ($(kit_answer),no)
KIT_GPL_COMPATIBLE := 0
else
$(error kit.mk: $(KIT_EXPORT_CHECK) could not judge the licence: $(kit_answer))
endif

kit_generated := $(obj)/.kit
kit_guard_error := $(shell mkdir -p $(kit_generated)/kit && \
	'$(kit_tool)' --guard --kernel $(objtree) \
		>$(kit_generated)/kit/gpl_guard.h.tmp && \
	mv $(kit_generated)/kit/gpl_guard.h.tmp $(kit_generated)/kit/gpl_guard.h 2>&1)
ifneq ($(kit_guard_error),)
$(error kit.mk: cannot generate kit/gpl_guard.h: $(kit_guard_error))
endif

ccflags-y += -I$(KIT_SDK)/include -I$(kit_generated) \
	-DKIT_LICENSE='"$(KIT_MODULE_LICENSE)"' -DKIT_GPL_COMPATIBLE=$(KIT_GPL_COMPATIBLE)

else

KDIR ?= /lib/modules/$(shell uname -r)/build

# Run after building: the kernel's verdict on each module, before any boot.
kit-check:
	$(kit_need_tool)'$(kit_tool)' --kernel $(KDIR) $(CURDIR)

.PHONY: kit-check

endif
