/* SPDX-License-Identifier: GPL-2.0-only */
/* Copyright (C) 2026 The LSM export kit authors */
/* What lsm_race exports to lsm_race_owner. */
#ifndef LSM_RACE_H
#define LSM_RACE_H

struct lsm_loadable_hook;

void lsm_race_offer(struct lsm_loadable_hook *hooks);

#endif
