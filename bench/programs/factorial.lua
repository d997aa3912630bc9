-- The twin of factorial.sym: Lua 5.4's integers are 64-bit, so n! is kept as an array of base-10^7
-- limbs (least significant first) and multiplied limb by limb, as a Lua programmer would; n from
-- the command line, the result printed in decimal as symref prints it.
local n = tonumber(arg[1])
local base = 10000000
local limbs = { 1 }
local count = 1
local i = 2
while i <= n do
  local carry = 0
  for k = 1, count do
    local product = limbs[k] * i + carry
    limbs[k] = product % base
    carry = product // base
  end
  while carry > 0 do
    count = count + 1
    limbs[count] = carry % base
    carry = carry // base
  end
  i = i + 1
end
local parts = { tostring(limbs[count]) }
for k = count - 1, 1, -1 do parts[#parts + 1] = string.format("%07d", limbs[k]) end
print(table.concat(parts))
