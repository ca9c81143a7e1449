// A CSS module in unit tests: each class reads as the name written in the stylesheet, so tests stay readable.
module.exports = { __esModule: true, default: new Proxy({}, { get: (_target, key) => key }) };
