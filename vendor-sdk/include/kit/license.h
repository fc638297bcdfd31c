/* SPDX-License-Identifier: MIT */
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * kit/license.h: declare a module's licence once, in its Kbuild, so that
 * the kernel and the SDK's compile-time guard read the same string.
 *
 *   Kbuild:   KIT_MODULE_LICENSE := Proprietary
 *             include <vendor-sdk>/kbuild/kit.mk
 *   one .c:   #include <kit/license.h>
 *             KIT_DECLARE_LICENSE();
 *   each .c:  #include <kit/gpl_guard.h>    (after every other header)
 *
 * kit.mk passes the string as KIT_LICENSE and, decided by the target
 * kernel's own include/linux/license.h, KIT_GPL_COMPATIBLE as 1 or 0.
 */
#ifndef KIT_LICENSE_H
#define KIT_LICENSE_H

#include <linux/module.h>

#if !defined(KIT_LICENSE) || !defined(KIT_GPL_COMPATIBLE)
#error "set KIT_MODULE_LICENSE and include kit.mk in the module's Kbuild"
#endif

/* MODULE_LICENSE() with the licence the build declared. */
#define KIT_DECLARE_LICENSE() MODULE_LICENSE(KIT_LICENSE)

#endif /* KIT_LICENSE_H */
