# Finds cvc5 from Debian's libcvc5-dev, which ships no CMake package file.
find_path(CVC5_INCLUDE_DIR NAMES cvc5/cvc5.h)
find_library(CVC5_LIBRARY NAMES cvc5)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(CVC5 REQUIRED_VARS CVC5_LIBRARY CVC5_INCLUDE_DIR)
if(CVC5_FOUND AND NOT TARGET CVC5::cvc5)
  add_library(CVC5::cvc5 UNKNOWN IMPORTED)
  set_target_properties(CVC5::cvc5 PROPERTIES
    IMPORTED_LOCATION "${CVC5_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${CVC5_INCLUDE_DIR}")
endif()
mark_as_advanced(CVC5_INCLUDE_DIR CVC5_LIBRARY)
