// board.js: the page's :play: a position played against the engine, as in the REPL. The person
// clicks one of the moves (each a button: its rule, binders and the position it reaches); the
// engine answers (a winning move when there is one, else the slowest loss); Hint marks a winning
// move, Undo takes back the engine's reply and the person's move. In a partizan game the person
// plays Left or Right (the side chosen) and only the mover's own moves are offered. Positions are
// held by the worker's session (ids), never read back from their text.

function describe(m, scoring) {
    let s = `${m.rule || "move"}${m.args ? " " + m.args : ""} from ${m.component} -> ${m.result}`;
    if (m.result === "0") s += " (no moves left)";
    if (scoring) s += `  (gain ${m.gain})`;
    return s;
}

export class Board {
    // post(msg): to the worker; program(): the editor's text; root, log: elements; hint, undo: buttons.
    constructor({ post, program, root, log, hint, undo }) {
        Object.assign(this, { post, program, root, logEl: log, hintBtn: hint, undoBtn: undo });
        this.hintBtn.onclick = () => this.hint();
        this.undoBtn.onclick = () => this.undo();
        this.reset();
    }

    reset() {
        this.q = null;
        this.busy = false;
        this.hist = [];
        this.gains = [];
        this.hintBtn.disabled = this.undoBtn.disabled = true;
        this.root.textContent = "";
    }

    // side: "L" or "R", the person's side in a partizan game (the engine plays the other).
    start(position, personFirst, side) {
        this.reset();
        this.logEl.textContent = "";
        this.text = position;
        this.person = personFirst;
        this.side = side === "R" ? "R" : "L";
        this.announced = false;
        this.score = [0n, 0n];
        this.busy = true;
        this.say(`You play ${personFirst ? "first" : "second"} against the engine.`);
        this.hist.push(0);
        this.post({ type: "play", program: this.program(), position });
    }

    say(text, cls) {
        const li = document.createElement("li");
        li.textContent = text;
        if (cls) li.className = cls;
        this.logEl.append(li);
        li.scrollIntoView({ block: "nearest" });
    }

    go(id) {
        this.busy = true;
        this.post({ type: "goto", id, text: this.text });
    }

    handle(msg) {
        if (msg.type === "play-error") {
            this.busy = false;
            this.root.textContent = "";
            const pre = document.createElement("pre");
            pre.className = "err";
            pre.textContent = msg.errors || `the position could not be played (status ${msg.status})`;
            this.root.append(pre);
            this.undoBtn.disabled = this.hist.length < 3;   // (disabled while the engine was asked)
            return;
        }
        if (msg.type === "engine-move") {
            const m = this.q.moves[msg.index];
            if (!m) {   // (no move of its side: render() ended the game already)
                this.busy = false;
                return;
            }
            this.say(`engine: ${describe(m, this.q.scoring)}  (${msg.why})`, "engine");
            this.gains.push(BigInt(m.gain || "0"));
            if (this.q.scoring) this.score[1] += BigInt(m.gain || "0");
            this.hist.push(m.id);
            this.person = true;
            this.go(m.id);
            return;
        }
        if (msg.type !== "position") return;
        this.busy = false;
        this.q = msg;
        if (msg.partizan && !this.announced) {
            this.announced = true;
            this.say(`A partizan game: you play ${name(this.side)}, the engine ${name(other(this.side))}; each makes only their own moves.`);
        }
        this.render();
        if (!this.mine().length) return;
        if (!this.person) {
            this.busy = true;
            this.post({ type: "engine-move", id: this.hist[this.hist.length - 1], text: this.text,
                        side: msg.partizan ? other(this.side) : "" });
        }
    }

    // The indices of the moves the player to move may make (a partizan game: that side's).
    mine() {
        const q = this.q, side = this.person ? this.side : other(this.side);
        const all = q.moves.map((m, i) => i);
        return q.partizan ? all.filter((i) => q.moves[i].side === side) : all;
    }

    render() {
        const q = this.q;
        this.root.textContent = "";
        const pos = document.createElement("div");
        pos.className = "pos";
        pos.textContent = `position: ${q.position}  (${q.outcome}${q.misere ? ", misère play" : ""})`;
        this.root.append(pos);
        if (q.scoring) {
            const s = document.createElement("div");
            s.textContent = `scores: you ${this.score[0]}, the engine ${this.score[1]}`;
            this.root.append(s);
        }
        const mine = this.mine();
        if (!mine.length) {
            const over = document.createElement("div");
            over.className = "over";
            let text;
            if (q.partizan) {
                const who = this.person ? this.side : other(this.side);
                text = `${this.person ? "You" : "The engine"} (${name(who)}) cannot move: ${this.person ? "the engine wins." : "you win!"}`;
            } else if (q.scoring) {
                const c = this.score[0] > this.score[1] ? "you win!" : this.score[0] < this.score[1] ? "the engine wins." : "a tie.";
                text = `game over: you ${this.score[0]}, the engine ${this.score[1]}: ${c}`;
            } else {
                const personWins = q.misere ? this.person : !this.person;
                text = `${this.person ? "You" : "The engine"} cannot move: ${personWins ? "you win!" : "the engine wins."}`;
            }
            over.textContent = text;
            this.root.append(over);
            this.say(text, "over");
            this.root.dataset.over = personWinsText(text);
            this.hintBtn.disabled = true;
            this.undoBtn.disabled = this.hist.length < 3;
            return;
        }
        delete this.root.dataset.over;
        const list = document.createElement("div");
        list.className = "moves";
        mine.forEach((i, k) => {
            const m = q.moves[i];
            const b = document.createElement("button");
            b.className = "move";
            b.dataset.index = String(i);
            b.textContent = `${k + 1}. ${describe(m, q.scoring)}`;
            b.disabled = !this.person;
            b.onclick = () => this.move(i);
            list.append(b);
        });
        this.root.append(list);
        this.hintBtn.disabled = !this.person;
        this.undoBtn.disabled = !this.person || this.hist.length < 3;
    }

    move(i) {
        if (this.busy || !this.person) return;
        const m = this.q.moves[i];
        this.say(`you: ${describe(m, this.q.scoring)}`, "person");
        this.gains.push(BigInt(m.gain || "0"));
        if (this.q.scoring) this.score[0] += BigInt(m.gain || "0");
        this.hist.push(m.id);
        this.person = false;
        // the board is the engine's until it has replied: its buttons take no click meanwhile
        for (const b of this.root.querySelectorAll("button.move")) b.disabled = true;
        this.hintBtn.disabled = this.undoBtn.disabled = true;
        this.go(m.id);
    }

    hint() {
        if (!this.q || !this.person) return;
        const q = this.q;
        let w = -1;
        if (q.scoring) {
            w = 0;
            q.moves.forEach((m, i) => { if (BigInt(m.worth) > BigInt(q.moves[w].worth)) w = i; });
        } else if (q.partizan) {
            w = this.mine().find((i) => q.moves[i].best) ?? -1;
        } else {
            w = q.moves.findIndex((m) => m.outcome === "P");
        }
        for (const b of this.root.querySelectorAll("button.move")) b.classList.toggle("hinted", +b.dataset.index === w);
        const shown = this.mine().indexOf(w) + 1;   // its number on the board
        if (w < 0) this.say(`hint: no move wins here${q.partizan ? " for " + name(this.side) : ""} (the position is ${q.outcome})`);
        else this.say(`hint: ${shown}. ${describe(q.moves[w], q.scoring)}${q.scoring ? ", worth " + q.moves[w].worth : ""}`);
    }

    undo() {
        if (this.busy) return;
        if (this.hist.length < 3) {
            this.say("nothing to undo");
            return;
        }
        for (let k = 0; k < 2; k++) {   // the engine's reply, then the person's move
            this.hist.pop();
            const g = this.gains.pop();
            if (this.q.scoring) this.score[1 - k] -= g;
        }
        this.say("undone");
        this.person = true;
        this.go(this.hist[this.hist.length - 1]);
    }
}

function name(side) { return side === "L" ? "Left" : "Right"; }
function other(side) { return side === "L" ? "R" : "L"; }

function personWinsText(text) {
    return /you win/.test(text) ? "person" : /engine wins/.test(text) ? "engine" : "tie";
}
