// lang.js: syntax highlighting of the .game language for CodeMirror (a stream tokenizer: comments,
// strings, numbers, keywords, names of games and positions, operators), after the lexer in
// grammar/lexer.l.
import { StreamLanguage } from "@codemirror/language";

const KEYWORDS = new Set(
    ("const def game move when let canon query explain table expect claim period quotient print genus thermograph draw is for in " +
        "if then else and or not digraph graph ground").split(" "));
const ATOMS = new Set(["true", "false"]);

export const gameLanguage = StreamLanguage.define({
    name: "game",
    startState: () => ({ inComment: false }),
    token(stream, state) {
        if (state.inComment) {
            if (stream.skipTo("*/")) {
                stream.match("*/");
                state.inComment = false;
            } else {
                stream.skipToEnd();
            }
            return "comment";
        }
        if (stream.eatSpace()) return null;
        if (stream.match("//")) {
            stream.skipToEnd();
            return "comment";
        }
        if (stream.match("/*")) {
            state.inComment = true;
            return "comment";
        }
        if (stream.match(/^"(?:[^"\\]|\\.)*"?/)) return "string";
        if (stream.match(/^[0-9]+/)) return "number";
        if (stream.match(/^[A-Za-z_][A-Za-z0-9_]*/)) {
            const w = stream.current();
            if (KEYWORDS.has(w)) return "keyword";
            if (ATOMS.has(w)) return "atom";
            if (/^[A-Z]/.test(w)) return "typeName";   // games and positions are capitalised
            return stream.match(/^\s*\(/, false) ? "function" : "variableName";
        }
        if (stream.match(/^(=>|\.\.\.|\.\.|==|!=|<=|>=|&&|\|\||[-+*\/%<>=!^&|~])/)) return "operator";
        stream.next();
        return null;
    },
    languageData: { commentTokens: { line: "//" } },
});
