# test_ct_memcheck: tests/mod/test_ct.c under valgrind memcheck on every back end this machine has
# that valgrind can execute, and a failure if one of them was not checked.
#   cmake -DTEST_CT=<test_ct> -DVALGRIND=<valgrind;args...> [-DTRACED=<back ends>] -P ct_memcheck.cmake
#
# Valgrind 3.19 masks ADX in the CPUID it shows the program, so test_ct under it would see no adx
# back end (and skip the code that every BMI2/ADX machine runs); it executes mulx, adcx and adox
# all the same. So the back ends are read first natively (test_ct --list-cpus: carry's CPUID probe,
# which the harness cross-checks with the compiler's own), then test_ct runs under memcheck with
# CARRY_TEST_FORCE_CPUS naming them, and its line "back ends checked: ..." must list every one.
# Valgrind cannot execute AVX-512 at all: the back ends in TRACED (ifma) are checked by
# test_ct_trace (ptrace single-stepping, natively) instead, and are left out here; any other back
# end missing from the run fails the test.
cmake_minimum_required(VERSION 3.25)
execute_process(COMMAND ${TEST_CT} --list-cpus OUTPUT_VARIABLE native RESULT_VARIABLE rc
                OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "test_ct --list-cpus failed (${rc})")
endif()
separate_arguments(native UNIX_COMMAND "${native}")
set(want "")
foreach(cpu IN LISTS native)
  if(NOT cpu IN_LIST TRACED)
    list(APPEND want ${cpu})
  endif()
endforeach()
string(REPLACE ";" "," force "${want}")
message(STATUS "back ends of this CPU: ${native}; under memcheck: ${want}; traced natively: ${TRACED}")
execute_process(COMMAND ${CMAKE_COMMAND} -E env CARRY_TEST_FORCE_CPUS=${force} ${VALGRIND} ${TEST_CT}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
message("${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "test_ct under memcheck failed (${rc})")
endif()
string(REGEX MATCH "back ends checked:([^\n]*)" line "${out}")
separate_arguments(checked UNIX_COMMAND "${CMAKE_MATCH_1}")
foreach(cpu IN LISTS want)
  if(NOT cpu IN_LIST checked)
    message(FATAL_ERROR "back end ${cpu} of this CPU was not checked under memcheck (checked: ${checked})")
  endif()
endforeach()
foreach(cpu IN LISTS native)
  if(NOT cpu IN_LIST checked AND NOT cpu IN_LIST TRACED)
    message(FATAL_ERROR "back end ${cpu} of this CPU is checked by no constant-time test")
  endif()
endforeach()
