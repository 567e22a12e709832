// JSON: the one strict reader every file format uses (scene files, replay lines, the
// `Contents.json` of `.imagestack` and `.lsr` stacks), and the two writer helpers the
// dumps share (`JSONNode.format`, `JSONNode.quote`).
//
// What this module does:
// - parses RFC 8259 JSON into `JSONValue`, keeping object key order and refusing duplicate
//   keys, NaN, infinities, numbers that overflow a Double and nesting deeper than 200;
//   parse errors give the line and column (`JSONParser`);
// - gives typed access with errors that name the file, the JSON path and what was
//   expected versus found (`JSONNode`, `JSONError`, one line each);
// - maps file names, which are bytes, to strings and back losslessly (`FileName`), and
//   bounds the culprits error lines echo (`OneLine`).
//
// What this module does NOT do: read files (Images' `InputFile` and
// `JSONError.readText` do, within size limits), know any format's keys, use Foundation's
// JSONSerialization, or write pretty JSON.
