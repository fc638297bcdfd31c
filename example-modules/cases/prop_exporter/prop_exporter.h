/* SPDX-License-Identifier: MIT */
/* Copyright (C) 2026 The LSM export kit authors */
/* What prop_exporter exports. */
#ifndef PROP_EXPORTER_H
#define PROP_EXPORTER_H

int prop_helper(int x);

#endif
