// Tests run in a zone west of UTC, where a date-only string read as UTC midnight is still the day
// before in local time: any date code that slips into local time fails here. dates.test.ts also
// checks zones east of UTC.
process.env.TZ = 'America/Los_Angeles';

module.exports = require('../jest.config.base.cjs')();
