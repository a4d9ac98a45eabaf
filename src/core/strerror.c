/* cy_strerror: the messages of the error codes of carry/config.h. SPDX-License-Identifier: MIT */
#include "carry/config.h"

const char *cy_strerror(int err)
{
    switch (err) {
    case CY_OK: return "success";
    case CY_ENOMEM: return "out of memory";
    case CY_EDIVZERO: return "division by zero";
    case CY_EINVAL: return "invalid argument";
    case CY_ENOTINV: return "not invertible";
    case CY_ERANGE: return "value out of range";
    case CY_EDIGIT: return "invalid digit";
    case CY_EEMPTY: return "no digits";
    case CY_EBASE: return "invalid base";
    case CY_EEVEN: return "even modulus";
    case CY_EONE: return "modulus is one";
    case CY_EUNREDUCED: return "operand not reduced modulo the modulus";
    case CY_EIO: return "input/output error";
    case CY_EFAULT: return "result check failed (fault in the computation)";
    default: return "unknown error";
    }
}
