// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * kit_node: a misc device, /dev/kit/node, for as long as the module is
 * loaded.  kdevtmpfs makes the node, and its directory, when the module
 * loads and removes them when it unloads, as it does for any device.
 */

#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>

static const struct file_operations kit_node_fops = {
	.owner = THIS_MODULE,
};

static struct miscdevice kit_node_device = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "kit_node",
	.nodename = "kit/node",
	.fops = &kit_node_fops,
};

module_misc_device(kit_node_device);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("A device whose node devtmpfs makes and removes");
