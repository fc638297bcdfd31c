// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * Unit tests of export-check's parser and rules, on real modules built
 * against the kit's patched kernel and on damaged copies of them.
 *
 * Environment: FIXTURES (the directory of built fixture modules, one
 * sub-directory per module) and KDIR (the patched kernel's build tree).
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <gelf.h>

#include "../export-check/elfmod.h"
#include "../export-check/kernel.h"
#include "../export-check/modfile.h"
#include "../export-check/verdict.h"

static struct kernel kern;

static char *fixture_path(const char *name)
{
	char *p;

	assert_true(asprintf(&p, "%s/%s/%s.ko", getenv("FIXTURES"), name,
			     name) > 0);
	return p;
}

static struct modfile load(const char *name)
{
	struct modfile mf;
	char err[256], *p = fixture_path(name);

	if (modfile_read(p, &mf, err, sizeof(err)))
		fail_msg("%s: %s", p, err);
	free(p);
	return mf;
}

/* Parse IMAGE and compute its verdict; fails the test on a parse error. */
static void judge(struct modfile *mf, struct elfmod *m, struct verdict *v)
{
	char err[256];

	if (elfmod_parse(mf->data, mf->size, m, err, sizeof(err)))
		fail_msg("parse: %s", err);
	verdict_compute(m, &kern, NULL, v);
}

static int has_line(const struct strlist *l, const char *needle)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (strstr(l->s[i], needle))
			return 1;
	return 0;
}

/* The parse error for IMAGE, which must not parse. */
static void expect_error(struct modfile *mf, const char *needle)
{
	struct elfmod m;
	char err[256] = "";

	assert_int_equal(elfmod_parse(mf->data, mf->size, &m, err, sizeof(err)), -1);
	if (!strstr(err, needle))
		fail_msg("error \"%s\" lacks \"%s\"", err, needle);
	assert_null(strchr(err, '\n'));
}

static void test_license_list_from_tree(void **state)
{
	(void)state;
	assert_int_equal(kern.gpl_licenses.n, 6);
	assert_true(kernel_license_is_gpl(&kern, "GPL"));
	assert_true(kernel_license_is_gpl(&kern, "Dual MIT/GPL"));
	assert_false(kernel_license_is_gpl(&kern, "GPL "));
	assert_false(kernel_license_is_gpl(&kern, "gpl"));
	assert_false(kernel_license_is_gpl(&kern, "Proprietary"));
}

static void test_license_h_parse(void **state)
{
	struct strlist l = { 0 };

	(void)state;
	assert_int_equal(kernel_parse_license_h(
		"static inline int license_is_gpl_compatible(const char *license)\n"
		"{\n\treturn (strcmp(license, \"GPL\") == 0\n"
		"\t\t|| strcmp(license, \"Dual BSD/GPL\") == 0);\n}\n", &l), 0);
	assert_int_equal(l.n, 2);
	assert_string_equal(l.s[1], "Dual BSD/GPL");
	strlist_free(&l);
	assert_int_equal(kernel_parse_license_h("int x;\n", &l), -1);
}

static void test_forced_taints_from_tree(void **state)
{
	const struct forced_taint *f;

	(void)state;
	assert_string_equal(kern.forced_source, "kernel/module/main.c");
	f = kernel_forced_taint(&kern, "driverloader");
	assert_non_null(f);
	assert_true(f->loses_gpl);
	f = kernel_forced_taint(&kern, "ndiswrapper");
	assert_non_null(f);
	assert_false(f->loses_gpl);
}

static void test_nul_licence_flagged(void **state)
{
	struct modfile mf = load("fx_nul_gpl");
	struct elfmod m;
	struct verdict v;

	(void)state;
	judge(&mf, &m, &v);
	assert_string_equal(v.license, "GPL");
	assert_true(v.gpl_compatible);
	assert_false(v.refused);
	assert_string_equal(v.taints, "O");
	assert_true(has_line(&v.flags, "embedded NUL"));
	assert_true(has_line(&v.flags, "GPL\\0with exceptions"));
	verdict_free(&v);
	elfmod_free(&m);
	modfile_free(&mf);
}

static void test_two_licences_flagged(void **state)
{
	struct modfile mf = load("fx_two_licenses");
	struct elfmod m;
	struct verdict v;

	(void)state;
	judge(&mf, &m, &v);
	assert_int_equal(elfmod_info_count(&m, "license"), 2);
	assert_true(has_line(&v.flags, "license= tags disagree"));
	/* Whichever comes first in .modinfo decides, as in the loader. */
	assert_string_equal(v.license, elfmod_info(&m, "license", 0));
	verdict_free(&v);
	elfmod_free(&m);
	modfile_free(&mf);
}

static void test_case_licence_flagged(void **state)
{
	struct modfile mf = load("fx_case_gpl");
	struct elfmod m;
	struct verdict v;

	(void)state;
	judge(&mf, &m, &v);
	assert_false(v.gpl_compatible);
	assert_string_equal(v.taints, "PO");
	assert_true(has_line(&v.flags, "only in case or spaces"));
	verdict_free(&v);
	elfmod_free(&m);
	modfile_free(&mf);
}

static void test_forced_name_refused(void **state)
{
	struct modfile mf = load("driverloader");
	struct elfmod m;
	struct verdict v;

	(void)state;
	judge(&mf, &m, &v);
	assert_true(v.refused);
	assert_string_equal(v.taints, "PO");
	assert_true(has_line(&v.reasons, "GPL-only symbol securityfs_remove"));
	verdict_free(&v);
	elfmod_free(&m);
	modfile_free(&mf);
}

static void test_namespaces(void **state)
{
	struct modfile ok = load("fx_ns_import"), bad = load("fx_ns_missing");
	struct elfmod m;
	struct verdict v;

	(void)state;
	judge(&ok, &m, &v);
	assert_false(v.refused);
	verdict_free(&v);
	elfmod_free(&m);
	judge(&bad, &m, &v);
	assert_true(v.refused);
	assert_true(has_line(&v.reasons, "from namespace CRYPTO_INTERNAL"));
	verdict_free(&v);
	elfmod_free(&m);
	modfile_free(&ok);
	modfile_free(&bad);
}

/* The file offset of section NAME's contents in IMAGE, and its size. */
static size_t section_offset(struct modfile *mf, const char *name,
			     size_t *size)
{
	Elf *elf = elf_memory((char *)mf->data, mf->size);
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	size_t shstrndx, off = 0;

	assert_non_null(elf);
	assert_int_equal(elf_getshdrstrndx(elf, &shstrndx), 0);
	while ((scn = elf_nextscn(elf, scn))) {
		gelf_getshdr(scn, &sh);
		if (strcmp(elf_strptr(elf, shstrndx, sh.sh_name), name) == 0) {
			off = sh.sh_offset;
			*size = sh.sh_size;
		}
	}
	elf_end(elf);
	assert_true(off != 0);
	return off;
}

static void test_damaged_modules(void **state)
{
	struct modfile mf = load("fx_case_gpl");
	unsigned char *orig = malloc(mf.size);
	Elf64_Ehdr *eh = (Elf64_Ehdr *)mf.data;
	size_t off, size, full = mf.size;

	(void)state;
	memcpy(orig, mf.data, full);
#define RESTORE() (memcpy(mf.data, orig, full), mf.size = full)

	mf.size = 3;
	expect_error(&mf, "not an ELF file");
	RESTORE();
	mf.data[0] = 'X';
	expect_error(&mf, "not an ELF file");
	RESTORE();
	mf.size = 100;
	expect_error(&mf, "");
	RESTORE();
	mf.size = full / 2;
	expect_error(&mf, "");
	RESTORE();
	mf.data[EI_CLASS] = ELFCLASS32;
	expect_error(&mf, "not a 64-bit ELF file");
	RESTORE();
	mf.data[EI_DATA] = ELFDATA2MSB;
	expect_error(&mf, "not a little-endian ELF file");
	RESTORE();
	eh->e_type = ET_EXEC;
	expect_error(&mf, "not a relocatable object");
	RESTORE();
	eh->e_machine = EM_AARCH64;
	expect_error(&mf, "not x86-64");
	RESTORE();
	eh->e_shoff = full - 8;
	expect_error(&mf, "");
	RESTORE();
	eh->e_shoff = UINT64_MAX - 16;
	expect_error(&mf, "");
	RESTORE();

	/* .modinfo renamed: not a module. */
	off = section_offset(&mf, ".shstrtab", &size);
	{
		unsigned char *p = memmem(mf.data + off, size, ".modinfo", 9);

		assert_non_null(p);
		p[1] = 'x';
		expect_error(&mf, "no .modinfo section");
		RESTORE();
	}
	/* .modinfo whose last string is not terminated. */
	off = section_offset(&mf, ".modinfo", &size);
	memset(mf.data + off + size - 1, 'x', 1);
	expect_error(&mf, ".modinfo does not end in a NUL byte");
	RESTORE();
	/* A symbol table claiming to be far larger than the file. */
	{
		Elf64_Shdr *sh = (Elf64_Shdr *)(mf.data + eh->e_shoff);
		int i;

		for (i = 0; i < eh->e_shnum; i++)
			if (sh[i].sh_type == SHT_SYMTAB)
				sh[i].sh_size = (uint64_t)1 << 40;
		expect_error(&mf, "");
		RESTORE();
	}
	free(orig);
	modfile_free(&mf);
}

static void test_decompression(void **state)
{
	struct modfile plain, packed;
	char err[256], *p = fixture_path("fx_case_gpl"), *q;
	static const char *const ext[] = { "xz", "gz", "zst" };
	size_t i;

	(void)state;
	assert_int_equal(modfile_read(p, &plain, err, sizeof(err)), 0);
	for (i = 0; i < 3; i++) {
		assert_true(asprintf(&q, "%s.%s", p, ext[i]) > 0);
		if (modfile_read(q, &packed, err, sizeof(err)))
			fail_msg("%s: %s", q, err);
		assert_int_equal(packed.size, plain.size);
		assert_memory_equal(packed.data, plain.data, plain.size);
		modfile_free(&packed);
		free(q);
	}
	assert_int_equal(modfile_read("/nonexistent.ko", &packed, err,
				      sizeof(err)), -1);
	assert_non_null(strstr(err, "cannot open"));
	modfile_free(&plain);
	free(p);
}

static int setup(void **state)
{
	char err[512];

	(void)state;
	if (!getenv("FIXTURES") || !getenv("KDIR")) {
		fprintf(stderr, "set FIXTURES and KDIR\n");
		return -1;
	}
	if (kernel_load(&kern, getenv("KDIR"), NULL, NULL, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		return -1;
	}
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	kernel_free(&kern);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_license_list_from_tree),
		cmocka_unit_test(test_license_h_parse),
		cmocka_unit_test(test_forced_taints_from_tree),
		cmocka_unit_test(test_nul_licence_flagged),
		cmocka_unit_test(test_two_licences_flagged),
		cmocka_unit_test(test_case_licence_flagged),
		cmocka_unit_test(test_forced_name_refused),
		cmocka_unit_test(test_namespaces),
		cmocka_unit_test(test_damaged_modules),
		cmocka_unit_test(test_decompression),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
