-- Counts one call and judges it against a rate rule, atomically: the
-- computation of the core's window.take (auth/ratelimit.go), which the
-- database and memory stores share, in the same order of operations so
-- that the floating-point results agree.
--
-- KEYS[1]  the counter: a hash of s (window start, Unix ms), c (count),
--          p (previous window's count), r (start of the last window whose
--          refusal was reported)
-- ARGV[1]  now (Unix ms, the instance's clock)
-- ARGV[2]  the window's size (ms)
-- ARGV[3]  the limit
-- ARGV[4]  1 for a sliding window, 0 for a fixed one
--
-- Returns {allowed (0 or 1), count (weighted, rounded up), retry after
-- (ms, 0 when allowed), first refusal of the window (0 or 1)}.
local now = tonumber(ARGV[1])
local size = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local sliding = ARGV[4] == '1'

local v = redis.call('HMGET', KEYS[1], 's', 'c', 'p', 'r')
local start = tonumber(v[1]) or 0
local count = tonumber(v[2]) or 0
local prev = tonumber(v[3]) or 0
local reported = tonumber(v[4]) or -1

-- A window older than now's rolls over, keeping the previous count when
-- it is the window just before; a window ahead of now's, from an
-- instance whose clock runs ahead, is counted in as it is.
local current = now - now % size
if start < current then
	local p = 0
	if start + size == current then
		p = count
	end
	start, count, prev = current, 0, p
end
count = count + 1

local weighted = count
if sliding then
	local elapsed = (now - start) / size
	weighted = weighted + prev * (1 - elapsed)
end
local allowed = weighted <= limit

local retry, first = 0, 0
if not allowed then
	-- The earliest instant at which one more call would be allowed if no
	-- other came.
	local nxt
	if not sliding then
		nxt = start + size
	elseif count + 1 <= limit and prev > 0 then
		nxt = math.ceil(start + (1 - (limit - count - 1) / prev) * size)
	else
		local e = 0
		if count > limit - 1 then
			e = 1 - (limit - 1) / count
		end
		nxt = math.ceil(start + size + e * size)
	end
	retry = math.max(nxt - now, 1000)
	if reported ~= start then
		first, reported = 1, start
	end
end

redis.call('HSET', KEYS[1], 's', start, 'c', count, 'p', prev, 'r', reported)
-- Counted from the instance's clock, not Redis's: the counter lives until
-- two windows after its own began, as the database store's row does.
redis.call('PEXPIRE', KEYS[1], math.max(start + 2 * size - now, 1))

local a = 0
if allowed then
	a = 1
end
return {a, math.ceil(weighted), retry, first}
