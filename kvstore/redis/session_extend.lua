-- Moves a live session's expiry and last-seen time; a session deleted
-- meanwhile stays deleted.
--
-- KEYS[1]  the session's ID to its token hash
-- ARGV[1]  the key prefix
-- ARGV[2]  the new expiry (Unix ns)
-- ARGV[3]  the last-seen time (Unix ns)
-- ARGV[4]  time to live (ms)
-- ARGV[5]  the new expiry (Unix µs), the index's score
-- ARGV[6]  the session ID
--
-- Returns 1, or 0 when there is no such session.
local h = redis.call('GET', KEYS[1])
if not h then
	return 0
end
local sk = ARGV[1] .. 'session:' .. h
local user = redis.call('HGET', sk, 'user')
if not user then
	return 0
end
local ttl = tonumber(ARGV[4])
redis.call('HSET', sk, 'expires', ARGV[2], 'seen', ARGV[3])
redis.call('PEXPIRE', sk, ttl)
redis.call('PEXPIRE', KEYS[1], ttl)
local uk = ARGV[1] .. 'user-sessions:' .. user
redis.call('ZADD', uk, ARGV[5], ARGV[6])
if redis.call('PTTL', uk) < ttl then
	redis.call('PEXPIRE', uk, ttl)
end
return 1
