/* SPDX-License-Identifier: MIT */
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * What pair_provider exports to its sibling, pair_user.
 */
#ifndef PAIR_PROVIDER_H
#define PAIR_PROVIDER_H

void pair_greet(const char *who);

#endif /* PAIR_PROVIDER_H */
