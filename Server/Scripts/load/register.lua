-- POST /api/devices/register for wrk: each request a registration with a model of its own,
-- so that rows differ as real phones' do; the result line comes from report.lua.
dofile(os.getenv("LOAD_LUA_DIR") .. "/report.lua")

local platforms = { "ios", "android", "macos", "linux" }
local languages = { "en", "de", "es", "fr", "ja", "ko", "tr", "zh" }
local counter = 0

request = function()
    counter = counter + 1
    local body = string.format('{"platform": "%s", "model": "Load%d,%d", "os_version": "17.%d", "language": "%s"}',
        platforms[counter % #platforms + 1], counter % 97, counter, counter % 7, languages[counter % #languages + 1])
    return wrk.format("POST", "/api/devices/register", { ["Content-Type"] = "application/json" }, body)
end
