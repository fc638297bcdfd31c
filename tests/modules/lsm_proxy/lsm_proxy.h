/* SPDX-License-Identifier: GPL-2.0-only */
/* Copyright (C) 2026 The LSM export kit authors */
/* What lsm_proxy exports to lsm_proxy_owner. */
#ifndef LSM_PROXY_H
#define LSM_PROXY_H

struct lsm_loadable_hook;

void lsm_proxy_offer(struct lsm_loadable_hook *hooks, int count);

#endif
