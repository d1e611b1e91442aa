-- wrk script of the end-to-end benchmark (io.idempo.benchmarks.e2e.E2eBenchmark runs wrk with it): POSTs orders
-- with an Idempotency-Key in one of three request streams, counts the answers by status, and prints one
-- machine-readable line at the end. Configured through the environment:
--   LOAD_MODE            unique | duplicates | mix
--   LOAD_KEY_PREFIX      prefix of the new keys of this run (unique per round, so that no key repeats by accident)
--   LOAD_PRIMED_PREFIX   duplicates: prefix of the keys the harness completed beforehand, numbered 0..count-1
--   LOAD_PRIMED_COUNT    duplicates: how many primed keys
--   LOAD_RETRY_LAG       mix: a sequential retry repeats a key at least this many new keys old (long answered)
--   LOAD_AUTHORIZATION   the Authorization header
-- The body of key number n names product n % 1000 + 1, so that every retry of a key sends the same body.

local mode = os.getenv("LOAD_MODE")
local key_prefix = os.getenv("LOAD_KEY_PREFIX")
local primed_prefix = os.getenv("LOAD_PRIMED_PREFIX")
local primed_count = tonumber(os.getenv("LOAD_PRIMED_COUNT") or "0")
local retry_lag = tonumber(os.getenv("LOAD_RETRY_LAG") or "256")
local authorization = os.getenv("LOAD_AUTHORIZATION")

local threads = {}

function setup(thread)
  thread:set("thread_number", #threads)
  table.insert(threads, thread)
end

function init(args)
  statuses = {}
  replayed = 0
  new_keys = 0
  last_key = nil
  last_number = 0
  math.randomseed(os.time() + thread_number * 7919)
end

local function order(key, number)
  local body = string.format('{"productId":%d,"quantity":1,"amount":100}', number % 1000 + 1)
  return wrk.format("POST", nil, {
    ["Authorization"] = authorization,
    ["Content-Type"] = "application/json",
    ["Idempotency-Key"] = key,
  }, body)
end

local function new_key()
  new_keys = new_keys + 1
  last_number = new_keys
  last_key = key_prefix .. thread_number .. "-" .. new_keys
  return order(last_key, last_number)
end

function request()
  if mode == "unique" then
    return new_key()
  elseif mode == "duplicates" then
    new_keys = new_keys + 1
    local number = (new_keys + thread_number * 7) % primed_count
    return order(primed_prefix .. number, number)
  end
  -- mix: 90 % new keys, 9 % sequential retries of a completed key, 1 % concurrent retries
  local draw = math.random()
  if draw < 0.01 and last_key ~= nil then
    -- the key this thread sent last, most likely still in flight on another connection
    return order(last_key, last_number)
  elseif draw < 0.10 and new_keys > retry_lag then
    local number = new_keys - retry_lag - math.random(0, math.min(255, new_keys - retry_lag - 1))
    return order(key_prefix .. thread_number .. "-" .. number, number)
  end
  return new_key()
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  if headers["Idempotent-Replayed"] == "true" then
    replayed = replayed + 1
  end
end

function done(summary, latency, requests)
  local counts = {}
  local replays = 0
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do
      counts[#counts + 1] = string.format('"%d":%d', status, count)
    end
    replays = replays + thread:get("replayed")
  end
  local errors = summary.errors
  io.write(string.format('E2E-RESULT {"requests":%d,"durationMicros":%d,"p50Micros":%d,"p99Micros":%d,'
      .. '"p999Micros":%d,"socketErrors":%d,"replayed":%d,"statuses":{%s}}\n',
      summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency:percentile(99.9),
      errors.connect + errors.read + errors.write + errors.timeout, replays, table.concat(counts, ",")))
end
