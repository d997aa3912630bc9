# Regression tests of the heap engines run through the CLI.

# A field value that prints as an exponentially long tree: `explore --heap summary --format json`
# must finish within a bounded memory (the cut of heap descriptions).  The address-space limit makes
# a regression fail fast instead of exhausting the machine; sanitizer builds reserve more address
# space than any such limit allows, so there the time-out alone guards it.
set(heap_memory_limit "ulimit -v 4000000 && ")
if(SYMREF_SANITIZE)
  set(heap_memory_limit "")
endif()
add_test(NAME heap.exponential_field_text
         COMMAND sh -c "${heap_memory_limit}exec \"$<TARGET_FILE:symref>\" explore \"${CMAKE_CURRENT_SOURCE_DIR}/engines/heap/programs/exponential_field_text.sym\" --heap summary --format json > /dev/null")
set_tests_properties(heap.exponential_field_text PROPERTIES LABELS unit TIMEOUT 300)
