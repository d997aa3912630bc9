#!/usr/bin/env bash
# The dependencies of symref's layers point one way: semantics <- interp <- engines <- interop <- props <- fuzz <- tool;
# inside interp/solver/, the interface (its own files) <- session/ <- backends/ <- layers/ (what
# solvers share, the libraries, the decorators over them) <- solver_chain.cpp, the one file that
# stacks them; and the concrete fast path (semantics/concrete/fast/) is an extra the definitional
# semantics never includes.  Fails, naming the file and the include, when a layer includes a header of
# a layer above it.
set -u
root="${1:?usage: check_layering.sh SOURCE_DIR}"
cd "$root" || exit 2
status=0
check() {  # check LAYER FORBIDDEN...
  local layer=$1; shift
  [ -d "$layer" ] || return 0
  for above in "$@"; do
    while IFS= read -r hit; do
      echo "layering: $hit (${layer}/ must not include ${above}/)"
      status=1
    done < <(grep -rnE "^[[:space:]]*#[[:space:]]*include[[:space:]]+\"${above}/" "$layer" --include='*.hpp' --include='*.cpp' --include='*.h')
  done
}
check semantics interp engines interop props fuzz tool
check interp engines interop props fuzz tool
check engines interop props fuzz tool
check interop props fuzz tool
check props fuzz tool
check fuzz tool
check interp/solver/session interp/solver/backends interp/solver/layers
check interp/solver/backends interp/solver/layers
for file in interp/solver/*.hpp interp/solver/*.cpp; do
  [ "$file" = interp/solver/solver_chain.cpp ] && continue
  while IFS= read -r hit; do
    echo "layering: $file:$hit (only solver_chain.cpp includes the solver's folders)"
    status=1
  done < <(grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]+"interp/solver/(session|backends|layers)/' "$file")
done
while IFS= read -r hit; do
  echo "layering: $hit (only semantics/concrete/fast/ and the layers above semantics/ include the fast path)"
  status=1
done < <(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]+"semantics/concrete/fast/' semantics \
           --include='*.hpp' --include='*.cpp' --include='*.h' | grep -v '^semantics/concrete/fast/')
[ $status -eq 0 ] && echo "layering: semantics <- interp <- engines <- interop <- props <- fuzz <- tool and interface <- session <- backends <- layers <- chain hold, the fast path outside the definition"
exit $status
