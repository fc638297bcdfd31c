/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/*
 * The tool's one hash map: from a name to the index of the first element
 * of the caller's array that has it.  It copies no key; it asks the
 * caller for element I's name.  Symbol names match exactly; module names
 * match as the loader and modpost match them ("snd-pcm", as depends= and
 * file names have it, is the module snd_pcm).
 */
#ifndef EXPORT_CHECK_MAP_H
#define EXPORT_CHECK_MAP_H

#include <stddef.h>

enum map_names { MAP_SYMBOLS, MAP_MODULES };

struct map {
	size_t *slots;		/* element index + 1, 0 = empty */
	size_t n_slots;		/* a power of 2, at least twice the names */
	enum map_names names;
	/* The name of the array's element I. */
	const char *(*name_of)(const void *array, size_t i);
	const void *array;	/* the caller's, which must outlive the map */
};

/* Map the names of ARRAY's N elements; of equal names, the first wins. */
void map_init(struct map *map, enum map_names names, const void *array,
	      size_t n, const char *(*name_of)(const void *array, size_t i));
/*
 * The index of the first element named NAME (its first LEN bytes, or all
 * of it up to its NUL), or -1.  An empty map, { 0 }, finds nothing.
 */
long map_find(const struct map *map, const char *name, size_t len);
void map_free(struct map *map);

#endif
