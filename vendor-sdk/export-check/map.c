// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * Open addressing with linear probing over indices: the arrays it maps
 * (Module.symvers, a run's modules and their exports) are built once and
 * never change, so there is no removal and no resizing.
 */

#include "map.h"
#include "util.h"

#include <stdlib.h>

static char name_char(const struct map *map, char c)
{
	return map->names == MAP_MODULES && c == '-' ? '_' : c;
}

/* FNV-1a of NAME's first LEN bytes, as the map compares them. */
static size_t name_slot(const struct map *map, const char *name, size_t len)
{
	unsigned long long h = 0xcbf29ce484222325ULL;
	size_t i;

	for (i = 0; i < len && name[i]; i++)
		h = (h ^ (unsigned char)name_char(map, name[i])) *
		    0x100000001b3ULL;
	return (size_t)h & (map->n_slots - 1);
}

/* NAME's first LEN bytes are all of element I's name. */
static int name_is(const struct map *map, const char *name, size_t len,
		   size_t i)
{
	const char *other = map->name_of(map->array, i);
	size_t j;

	for (j = 0; j < len && name[j]; j++)
		if (name_char(map, name[j]) != name_char(map, other[j]))
			return 0;
	return other[j] == '\0';
}

void map_init(struct map *map, enum map_names names, const void *array,
	      size_t n, const char *(*name_of)(const void *array, size_t i))
{
	size_t i, j;

	*map = (struct map){
		.n_slots = 16, .names = names, .name_of = name_of,
		.array = array,
	};
	while (map->n_slots < n * 2)
		map->n_slots *= 2;
	map->slots = xcalloc(map->n_slots, sizeof(*map->slots));
	for (i = 0; i < n; i++) {
		const char *name = name_of(array, i);

		/*
		 * A later element of the same name is left out: its slot
		 * would never be found, and in Module.symvers one owner has
		 * thousands of exports, a run that would slow every probe.
		 */
		j = name_slot(map, name, (size_t)-1);
		while (map->slots[j] &&
		       !name_is(map, name, (size_t)-1, map->slots[j] - 1))
			j = (j + 1) & (map->n_slots - 1);
		if (!map->slots[j])
			map->slots[j] = i + 1;
	}
}

long map_find(const struct map *map, const char *name, size_t len)
{
	size_t j, i;

	if (!map->n_slots)
		return -1;
	j = name_slot(map, name, len);
	while ((i = map->slots[j])) {
		if (name_is(map, name, len, i - 1))
			return (long)(i - 1);
		j = (j + 1) & (map->n_slots - 1);
	}
	return -1;
}

void map_free(struct map *map)
{
	free(map->slots);
	*map = (struct map){ 0 };
}
