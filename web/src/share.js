// share.js: programs in links: the text as base64url of its UTF-8 bytes (RFC 4648 section 5, no
// padding) in the fragment, "#code=...&input=...&run".

export function encodeCode(text) {
    const bytes = new TextEncoder().encode(text);
    let bin = "";
    for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeCode(b64) {
    let s = b64.replace(/-/g, "+").replace(/_/g, "/").replace(/\s+/g, "");
    while (s.length % 4) s += "=";
    const bin = atob(s);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return new TextDecoder().decode(bytes);
}

// The fragment's parts: code and input (base64url text or null), run (whether "&run" is there).
export function parseHash(hash) {
    const r = { code: null, input: null, run: false };
    for (const part of hash.replace(/^#/, "").split("&")) {
        const eq = part.indexOf("=");
        const key = eq < 0 ? part : part.slice(0, eq), val = eq < 0 ? "" : part.slice(eq + 1);
        if (key === "code") r.code = decodeURIComponent(val);
        else if (key === "input") r.input = decodeURIComponent(val);
        else if (key === "run") r.run = true;
    }
    return r;
}
