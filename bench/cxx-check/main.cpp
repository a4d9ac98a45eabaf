#include <boost/multiprecision/cpp_int.hpp>
int main() { return static_cast<int>(boost::multiprecision::uint256_t(1) - 1); }
