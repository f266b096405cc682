-- Drops every cached entry of a user and records when, so that a lookup
-- that began before cannot put an entry back (session_cache_put.lua).
--
-- KEYS[1]  the user's index of entries
-- KEYS[2]  the user's last drop time
-- ARGV[1]  the key prefix
-- ARGV[2]  the drop time, Unix milliseconds
-- ARGV[3]  how long to keep the drop time, milliseconds
--
-- Returns how many entries it dropped.
local hashes = redis.call('SMEMBERS', KEYS[1])
local n = 0
for _, h in ipairs(hashes) do
	n = n + redis.call('DEL', ARGV[1] .. 'cache:' .. h)
end
redis.call('DEL', KEYS[1])
local dropped = redis.call('GET', KEYS[2])
if not dropped or tonumber(dropped) < tonumber(ARGV[2]) then
	redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
end
return n
