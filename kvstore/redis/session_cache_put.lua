-- Caches a session, unless its user's entries were dropped at or after
-- the time the caller began to look it up (less the clock margin between
-- instances): a lookup that read the store before a sign-out committed
-- must not put the ended session back.
--
-- KEYS[1]  the entry (prefix .. 'cache:' .. token hash)
-- KEYS[2]  the user's index of entries (a set of token hashes)
-- KEYS[3]  the user's last drop time, Unix milliseconds
-- ARGV[1]  the entry's value
-- ARGV[2]  its time to live, milliseconds
-- ARGV[3]  since, Unix milliseconds
-- ARGV[4]  the clock margin, milliseconds
-- ARGV[5]  the token hash
--
-- Returns 1 when it cached the session, 0 when the drop time refused it.
local dropped = redis.call('GET', KEYS[3])
if dropped and tonumber(dropped) >= tonumber(ARGV[3]) - tonumber(ARGV[4]) then
	return 0
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('SADD', KEYS[2], ARGV[5])
if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[2]) then
	redis.call('PEXPIRE', KEYS[2], ARGV[2])
end
return 1
