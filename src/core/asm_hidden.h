/* Included before every assembly source of the library (CMakeLists.txt compiles each .S file with
 * -include src/core/asm_hidden.h). SPDX-License-Identifier: MIT
 *
 * The assembly kernels are internal (cy__ names, called through the dispatch tables and from the
 * C code of the library), so they must not be exported from the shared library, as the C code
 * compiled with -fvisibility=hidden is not. The GNU assembler has no option for a default
 * visibility, so this header turns every `.globl NAME` into `.globl NAME` plus `.hidden NAME`:
 * the preprocessor renames the directive to the macro .cy_globl defined below, before which the
 * macro's own `.globl` is left as it is. The symbol stays global, so the static library and the
 * tests link it as before; the shared library keeps it out of its dynamic symbol table
 * (tests/check_exports.cmake fails the build's tests if a cy__ name or any other non-API name is
 * exported). */
.macro .cy_globl name
	.globl \name
	.hidden \name
.endm
#define globl cy_globl
