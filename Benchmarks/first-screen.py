#!/usr/bin/env python3
"""The first screen of `photogrid serve FOLDER` on a never-seen folder, in a real browser (issue 24,
"Numbers"). Run through Benchmarks/first-screen.sh, which documents the options; this file does the work.

For each folder size (SIZES) × viewport (393×852 @3, 1280×800 @1) × cache state (cold, then warm):
starts `photogrid serve FOLDER --db <fresh>.sqlite --port 0` (fresh database, so a fresh thumbnail
folder beside it), opens its page in Debian's Chromium (Playwright, a new browser context: no cached
thumbnails), and polls the page every ~50 ms. Times, from the command's start:
  (1) the first moment the screen is full of thumbnails: the visible cells ([data-index] on screen)
      reach the bottom of the viewport in full rows, and each has an <img> complete with naturalWidth > 0;
  (2) the end of the index run: the `index` event with phase "done" on /api/v1/events (a thread follows
      the stream; /api/v1/stats is asked if the stream fails);
  (3) the final first screen: the first poll at or after (2) at which the visible cells are exactly the
      cells /api/v1/layout puts on screen at offset 0 once the index is done, each showing its thumbnail;
      reported as seconds after (2).
Also: how many thumbnails the server made ahead of the page's requests (the files under its thumbnail
folder against the thumbnails the page asked for), and `photogrid thumbs --jobs 2` on the same photos for
comparison (thumbnails/s, bounded to THUMBS_SECONDS).
"""
import http.client, json, os, re, shutil, signal, socket, subprocess, sys, threading, time

BIN = os.path.abspath(os.environ.get("PHOTOGRID", ".build/debug/photogrid"))
SIZES = [int(s) for s in os.environ.get("SIZES", "10000").split()]
TIMEOUT = float(os.environ.get("TIMEOUT", "120"))
THUMBS_SECONDS = float(os.environ.get("THUMBS_SECONDS", "20"))
TAIL = float(os.environ.get("TAIL", "3"))  # seconds watched after both moments, for thumbnails made ahead
ROOT = os.path.join(os.environ.get("TMPDIR") or "/tmp", "photogrid-first-screen")
REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
CHROMIUM = "/usr/bin/chromium"
COMMAND = os.environ.get("FIRST_SCREEN_COMMAND", " ".join(sys.argv))
CONVERT = "/usr/bin/convert"  # ImageMagick itself (/usr/local/bin/convert may be a stand-in)
EXIFTOOL = shutil.which("exiftool")
BASES = 20
GENERATOR = "v2"  # bump when the photos' recipe changes: the cached sets are then made again
# v2: each base carries a 160×120 EXIF thumbnail (IFD1), as phone and camera JPEGs do.
PLACEHOLDER = b"2000:01:01 00:00:00"
FIRST_DATE = 1546329600  # 2019-01-01 08:00:00 UTC: photo n was taken FIRST_DATE + n × STEP
STEP = 5000
VIEWPORTS = [("393×852 @3", 393, 852, 3), ("1280×800 @1", 1280, 800, 1)]
GOAL_FULL, GOAL_FINAL = 2.0, 1.0


def log(*args):
    print(*args, file=sys.stderr, flush=True)


class Stop(Exception):
    pass


def on_signal(signum, frame):
    raise Stop(f"signal {signum}")


# MARK: The photos

def make_bases():
    """BASES real-looking 4032×3024 camera JPEGs from SampleImages (quality 90, 4:2:0, a little sensor
    noise), once. A portrait picture is stored sideways with EXIF orientation 6, as a phone stores it.
    EXIF Make/Model and the dates (a placeholder each file's copy replaces) when exiftool is installed."""
    folder = os.path.join(ROOT, "bases")
    marker = folder + f".complete-{GENERATOR}"
    if os.path.exists(marker):
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    samples = sorted(os.path.join(REPO, "SampleImages", n) for n in os.listdir(os.path.join(REPO, "SampleImages")) if n.endswith(".jpg"))
    orientation = os.path.join(REPO, "SampleImages", "orientation")
    samples += sorted(os.path.join(orientation, n) for n in os.listdir(orientation) if n.endswith(".jpg"))
    samples = samples[:BASES]
    log(f"making {len(samples)} 4032×3024 camera JPEGs from SampleImages in {folder} (once)…")
    for i, source in enumerate(samples):
        out = os.path.join(folder, f"base-{i:02d}.jpg")
        w, h = map(int, subprocess.check_output([CONVERT, source, "-auto-orient", "-format", "%w %h", "info:"]).split())
        portrait = h > w and EXIFTOOL is not None
        size = "3024x4032" if portrait else "4032x3024"
        args = [CONVERT, source, "-auto-orient", "-resize", size + "^", "-gravity", "center", "-extent", size,
                "-attenuate", "0.3", "+noise", "Gaussian"]
        if portrait:
            args += ["-rotate", "-90"]
        subprocess.run(args + ["-strip", "-sampling-factor", "2x2", "-quality", "90", out], check=True)
        if EXIFTOOL:
            # The embedded thumbnail, stored as the photo is (sideways for a portrait one), as phones write it.
            thumb = os.path.join(folder, f"thumb-{i:02d}.jpg")
            subprocess.run([CONVERT, out, "-resize", "160x160", "-quality", "80", thumb], check=True)
            subprocess.run([EXIFTOOL, "-q", "-overwrite_original", "-n", f"-Orientation={6 if portrait else 1}",
                            "-Make=Apple", "-Model=iPhone 12", "-AllDates=" + PLACEHOLDER.decode(),
                            f"-ThumbnailImage<={thumb}", out], check=True)
            os.remove(thumb)
    open(marker, "w").close()
    return folder


def segments_end(data):
    """The offset of the SOS marker (where the entropy-coded data begins)."""
    i = 2
    while i + 4 <= len(data):
        marker, length = data[i + 1], int.from_bytes(data[i + 2:i + 4], "big")
        if marker == 0xDA:
            return i
        i += 2 + length
    raise ValueError("no SOS")


def photo_bytes(base, n, taken):
    """A distinct copy of a base: a COM segment right after SOI naming the photo (so its first 16 KiB,
    which with the size make PhotoGrid's content key, differ), and its own capture time in the EXIF
    dates (the same length as the placeholder). Neither changes a pixel."""
    head_end = segments_end(base)
    stamp = time.strftime("%Y:%m:%d %H:%M:%S", time.gmtime(taken)).encode()
    text = b"photogrid first-screen benchmark photo %08d" % n
    comment = b"\xff\xfe" + (2 + len(text)).to_bytes(2, "big") + text
    return base[:2] + comment + base[2:head_end].replace(PLACEHOLDER, stamp), memoryview(base)[head_end:]


def write_photo(path, head, tail, taken):
    with open(path, "wb") as f:
        f.write(head)
        f.write(tail)
    os.utime(path, (taken, taken))


def make_distinct(name, count, first_number):
    """`count` distinct photos IMG_nnnnnnn.JPG in folders of 1,000 (100CAMRA, 101CAMRA, …), photo n
    from base n mod BASES and taken at FIRST_DATE + n × STEP: a camera's folder, file names in the
    order of capture. Made once, into ROOT/name."""
    folder = os.path.join(ROOT, name)
    marker = folder + f".complete-{GENERATOR}"
    if os.path.exists(marker):
        return folder
    bases = [open(os.path.join(make_bases(), f"base-{i:02d}.jpg"), "rb").read() for i in range(BASES)]
    shutil.rmtree(folder, ignore_errors=True)
    log(f"writing {count:,} distinct camera JPEGs into {folder} (once)…")
    started = time.monotonic()
    for k in range(count):
        n = first_number + k
        sub = os.path.join(folder, f"{100 + n // 1000}CAMRA")
        if n % 1000 == 0 or k == 0:
            os.makedirs(sub, exist_ok=True)
        taken = FIRST_DATE + n * STEP
        head, tail = photo_bytes(bases[n % BASES], n, taken)
        write_photo(os.path.join(sub, f"IMG_{n:07d}.JPG"), head, tail, taken)
        if (k + 1) % 2000 == 0:
            log(f"  {k + 1:,} of {count:,} ({time.monotonic() - started:.0f} s)")
    open(marker, "w").close()
    return folder


def make_set(size):
    """The folder of `size` photos. 10,000: distinct files. More: the 10,000 as hard links, then hard links
    of a second set of 1,000 distinct photos taken after them (each 1 in (size − 10,000)/1,000 times), so
    that the first screen's photos are distinct whatever the size; only later photos repeat."""
    if size <= 10000:
        return make_distinct(f"photos-{size}", size, 0)
    folder = os.path.join(ROOT, f"photos-{size}")
    marker = folder + f".complete-{GENERATOR}"
    if os.path.exists(marker):
        return folder
    first = make_distinct("photos-10000", 10000, 0)
    late = make_distinct("photos-late-1000", 1000, 10000)
    late_files = sorted(os.path.join(d, f) for d, _, fs in os.walk(late) for f in fs)
    shutil.rmtree(folder, ignore_errors=True)
    log(f"linking {size:,} photos into {folder} (once)…")
    for n in range(size):
        sub = os.path.join(folder, f"{100 + n // 1000}CAMRA")
        if n % 1000 == 0:
            os.makedirs(sub, exist_ok=True)
        if n < 10000:
            source = os.path.join(first, f"{100 + n // 1000}CAMRA", f"IMG_{n:07d}.JPG")
        else:
            source = late_files[(n - 10000) % len(late_files)]
        os.link(source, os.path.join(sub, f"IMG_{n:07d}.JPG"))
    open(marker, "w").close()
    return folder


# MARK: Cache eviction

def evict(folder):
    """Evicts the folder's files from the page cache: drop_caches (root), else fadvise on each file."""
    os.sync()
    try:
        with open("/proc/sys/vm/drop_caches", "w") as f:
            f.write("3\n")
        return "sync; echo 3 > /proc/sys/vm/drop_caches"
    except OSError as error:
        reason = error.strerror
    count = 0
    for directory, _, files in os.walk(folder):
        for name in files:
            fd = os.open(os.path.join(directory, name), os.O_RDONLY)
            try:
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
                count += 1
            finally:
                os.close(fd)
    return f"posix_fadvise(DONTNEED) on {count:,} files (drop_caches: {reason})"


def count_thumbnails(folder):
    count = 0
    try:
        with os.scandir(folder) as variants:
            for variant in variants:
                if variant.is_dir():
                    count += sum(1 for e in os.scandir(variant.path) if e.name.endswith(".jpg") and not e.name.startswith("."))
    except FileNotFoundError:
        pass
    return count


# MARK: One run

class Events(threading.Thread):
    """Follows /api/v1/events, timestamping each event (seconds after t0) as it arrives."""

    def __init__(self, port, t0):
        super().__init__(daemon=True)
        self.port, self.t0 = port, t0
        self.events = []  # (t, name, data)
        self.done_at = None
        self.failed = None
        self.sock = None

    def run(self):
        try:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT + 30)
            connection.request("GET", "/api/v1/events", headers={"Accept": "text/event-stream"})
            self.sock = connection.sock
            response = connection.getresponse()
            name = None
            while True:
                raw = response.readline()  # http.client undoes the chunked encoding
                if not raw:
                    break
                line = raw.decode("utf-8", "replace").rstrip("\r\n")
                if line.startswith("event:"):
                    name = line[6:].strip()
                elif line.startswith("data:") and name:
                    t = time.monotonic() - self.t0
                    data = json.loads(line[5:])
                    self.events.append((t, name, data))
                    if name == "index" and data.get("phase") == "done" and self.done_at is None:
                        self.done_at = t
                    name = None
        except (OSError, ValueError, http.client.HTTPException) as error:
            self.failed = f"{type(error).__name__}: {error}"

    def close(self):
        try:
            if self.sock:
                self.sock.shutdown(socket.SHUT_RDWR)
                self.sock.close()
        except OSError:
            pass


def get_json(port, path):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path)
        return json.loads(connection.getresponse().read())
    finally:
        connection.close()


PAGE_STATE = """() => {
  const H = window.innerHeight, W = document.documentElement.clientWidth;
  const cells = [];
  for (const el of document.querySelectorAll('[data-index]')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.bottom <= 0 || r.top >= H || r.right <= 0 || r.left >= W) continue;
    const img = el.querySelector('img');
    cells.push([Number(el.dataset.id), img !== null && img.complete && img.naturalWidth > 0, r.top, r.bottom,
                el.dataset.placeholder === 'shown']);
  }
  const s = window.photogrid && window.photogrid.state ? window.photogrid.state() : null;
  return { H, cells, state: s, status: (document.getElementById('status') || {}).textContent || '' };
}"""


def screen_full(view, placeholders=False):
    """The visible cells reach the bottom of the viewport in full rows, each with its thumbnail shown (with
    `placeholders`: its thumbnail or its placeholder, the camera's embedded thumbnail)."""
    cells = view["cells"]
    if not cells or not all(c[1] or (placeholders and c[4]) for c in cells):
        return False
    if max(c[3] for c in cells) < view["H"] - 0.5:
        return False
    rows = {}
    for c in cells:
        rows[round(c[2], 1)] = rows.get(round(c[2], 1), 0) + 1
    return len(set(rows.values())) == 1


def run_one(browser, size, folder, viewport, cold):
    name, width, height, scale = viewport
    tag = f"{size}-{width}x{height}-{'cold' if cold else 'warm'}"
    rundir = os.path.join(ROOT, "runs", tag)
    shutil.rmtree(rundir, ignore_errors=True)
    os.makedirs(rundir)
    db = os.path.join(rundir, "library.sqlite")
    thumbs = os.path.join(rundir, "thumbnails")
    r = {"tag": tag, "size": size, "viewport": name, "cold": cold, "evicted": None, "full": None, "done": None,
         "final": None, "error": None, "timeline": [], "statuses": {}, "thumb_names": set(), "files": []}
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=scale)
    page = context.new_page()
    process = events = None
    t0 = None

    def on_response(response):
        if "/api/v1/thumbnails/" in response.url and t0 is not None:
            t = time.monotonic() - t0
            r["statuses"][response.status] = r["statuses"].get(response.status, 0) + 1
            r["thumb_names"].add(response.url.rsplit("/", 1)[1])
            if response.status == 200 and "first_thumbnail" not in r:
                r["first_thumbnail"] = t
            if response.status != 200 and "first_bad_thumbnail" not in r:
                r["first_bad_thumbnail"] = (t, response.status, response.url.split("/api/v1/")[1])
    page.on("response", on_response)
    r["console"] = []
    page.on("console", lambda m: r["console"].append(m.text[:160]) if m.type == "error" and len(r["console"]) < 5 else None)
    page.on("pageerror", lambda e: r["console"].append(f"page error: {str(e)[:160]}") if len(r["console"]) < 5 else None)
    try:
        if cold:
            r["evicted"] = evict(folder)
        r["load"] = os.getloadavg()[0]
        out = open(os.path.join(rundir, "serve.out"), "w")
        err = open(os.path.join(rundir, "serve.err"), "w")
        t0 = time.monotonic()
        process = subprocess.Popen([BIN, "serve", folder, "--db", db, "--port", "0"], stdout=out, stderr=err,
                                   stdin=subprocess.DEVNULL)
        port = None
        while port is None:
            text = open(os.path.join(rundir, "serve.out")).read()
            found = re.search(r"photogrid: serving http://127\.0\.0\.1:(\d+)/", text)
            if found:
                port = int(found.group(1))
            elif process.poll() is not None or time.monotonic() - t0 > 30:
                raise RuntimeError(f"serve did not start: {open(os.path.join(rundir, 'serve.err')).read()[-500:]}")
            else:
                time.sleep(0.002)
        r["listening"] = time.monotonic() - t0
        events = Events(port, t0)
        events.start()
        page.goto(f"http://127.0.0.1:{port}/", wait_until="commit", timeout=TIMEOUT * 1000)
        final_ids = None
        stats_polled = 0.0
        last_count = -1
        tail_until = None
        last_files_at = -1.0
        while True:
            now = time.monotonic() - t0
            if now > TIMEOUT or (tail_until is not None and now > tail_until):
                break
            if now - last_files_at >= 0.25:
                r["files"].append((now, count_thumbnails(thumbs)))
                last_files_at = now
            try:
                view = page.evaluate(PAGE_STATE)
            except Exception:  # the page between documents
                page.wait_for_timeout(20)
                continue
            t = time.monotonic() - t0
            count = view["state"]["count"] if view["state"] else -1
            if count != last_count:
                r["timeline"].append((t, f"page grid {count:,} photos, {len(view['cells'])} cells on screen"))
                last_count = count
            if r.get("pictures") is None and screen_full(view, placeholders=True):
                r["pictures"] = t
            if r["full"] is None and screen_full(view):
                r["full"] = t
                r["full_cells"] = len(view["cells"])
                r["full_answered"] = r["statuses"].get(200, 0)
            # the end of the index run: the event stream, or /api/v1/stats if the stream failed
            if r["done"] is None:
                if events.done_at is not None:
                    r["done"] = events.done_at
                elif events.failed and t - stats_polled > 0.1:
                    stats_polled = t
                    if get_json(port, "/api/v1/stats").get("indexing", {}).get("phase") == "done":
                        r["done"] = time.monotonic() - t0
            if r["done"] is not None and final_ids is None and view["state"] and view["state"]["width"] > 0:
                s = view["state"]
                doc = get_json(port, f"/api/v1/layout?width={s['width']}&height={s['height']}&scale={s['scale']}&offset=0")
                final_ids = sorted(c["id"] for c in doc["cells"]
                                   if c["frame"]["y"] < s["height"] and c["frame"]["y"] + c["frame"]["height"] > 0)
                r["final_cells"] = len(final_ids)
                r["photos"] = doc["grid"]["count"]
            if final_ids is not None and r["final"] is None and t >= r["done"]:
                if sorted(c[0] for c in view["cells"]) == final_ids and all(c[1] for c in view["cells"]):
                    r["final"] = t
                    r["final_answered"] = r["statuses"].get(200, 0)
            if r["full"] is not None and r["final"] is not None and tail_until is None:
                tail_until = t + TAIL
            page.wait_for_timeout(max(1, 50 - (time.monotonic() - t0 - now) * 1000))
        r["files"].append((time.monotonic() - t0, count_thumbnails(thumbs)))
        r["timeline"] += [(t, f"event {n} {json.dumps(d, separators=(',', ':'))}") for t, n, d in events.events]
        if events.failed:
            r["timeline"].append((0, f"event stream failed: {events.failed}"))
    except Stop:
        raise
    except Exception as error:  # reported in the table; the next run goes on
        r["error"] = f"{type(error).__name__}: {error}"
    finally:
        try:
            context.close()
        except Exception:
            pass
        if events:
            events.close()
        if process and process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
    r["db"] = db
    return r


def thumbs_rate(db, size):
    """`photogrid thumbs --db DB --jobs 2` into a new folder for at most THUMBS_SECONDS: thumbnails/s."""
    out = os.path.join(ROOT, "runs", f"thumbs-{size}")
    shutil.rmtree(out, ignore_errors=True)
    t0 = time.monotonic()
    process = subprocess.Popen([BIN, "thumbs", "--db", db, "--jobs", "2", "--out", out],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    samples = []
    try:
        while process.poll() is None and time.monotonic() - t0 < THUMBS_SECONDS:
            time.sleep(0.25)
            samples.append((time.monotonic() - t0, count_thumbnails(out)))
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
    finished = process.returncode == 0 and samples and time.monotonic() - t0 < THUMBS_SECONDS
    samples.append((time.monotonic() - t0, count_thumbnails(out)))
    start = next(((t, n) for t, n in samples if n > 0), None)
    end = samples[-1]
    if not start or end[1] <= start[1]:
        return None, end[1], end[0], finished
    return (end[1] - start[1]) / (end[0] - start[0]), end[1], end[0], finished


# MARK: Report

def seconds(value, limit=None):
    if value is None:
        return f"not within {TIMEOUT:.0f} s" if limit is None else "—"
    return f"{value:.2f} s"


def verdict(value, goal):
    return "—" if value is None else ("PASS" if value <= goal else "MISS")


def ahead(r):
    files = r["files"][-1][1] if r["files"] else 0
    asked = len(r["thumb_names"])
    extra = files - asked
    if extra <= 0:
        return f"none ({files} files = {asked} asked)", None
    growth = [(t, n) for t, n in r["files"] if n > 0]
    rate = (growth[-1][1] - growth[0][1]) / (growth[-1][0] - growth[0][0]) if len(growth) > 1 and growth[-1][0] > growth[0][0] else None
    return f"{extra:,} ahead ({files:,} files, {asked} asked){'' if rate is None else f', {rate:.1f}/s'}", rate


def report(size, viewport, cold, warm):
    name = viewport[0]
    print(f"\n### {size:,} photos, viewport {name} — {BIN}")
    print(f"cold cache: {cold['evicted']}; warm: no eviction, right after the cold run")
    print("| measure | cold | warm | goal | cold | warm |")
    print("|---|---:|---:|---|---|---|")
    full_c = None if cold["full"] is None else cold["full"]
    full_w = None if warm["full"] is None else warm["full"]
    pic_c, pic_w = cold.get("pictures"), warm.get("pictures")
    print(f"| (1) screen full of pictures (placeholders or thumbnails), from the command's start | {seconds(pic_c)} | {seconds(pic_w)} | ≤ {GOAL_FULL:g} s after the command starts | {verdict(pic_c, GOAL_FULL)} | {verdict(pic_w, GOAL_FULL)} |")
    print(f"| (1′) screen full of thumbnails, from the command's start | {seconds(full_c)} | {seconds(full_w)} | ≤ {GOAL_FULL:g} s after the command starts | {verdict(full_c, GOAL_FULL)} | {verdict(full_w, GOAL_FULL)} |")
    print(f"| (2) index run ends (phase done), from the start | {seconds(cold['done'])} | {seconds(warm['done'])} | | | |")
    fin = [None if r["final"] is None or r["done"] is None else r["final"] - r["done"] for r in (cold, warm)]
    print(f"| (3) final first screen, after the index run ends | {seconds(fin[0])} | {seconds(fin[1])} | ≤ {GOAL_FINAL:g} s after the index run ends | {verdict(fin[0], GOAL_FINAL)} | {verdict(fin[1], GOAL_FINAL)} |")
    print(f"| cells on the final first screen; photos | {cold.get('final_cells', '—')}; {cold.get('photos', 0):,} | {warm.get('final_cells', '—')}; {warm.get('photos', 0):,} | | | |")
    print(f"| thumbnails made ahead of requests | {ahead(cold)[0]} | {ahead(warm)[0]} | | | |")
    print(f"| thumbnail answers (status × count) | {statuses(cold)} | {statuses(warm)} | | | |")
    for r in (cold, warm):
        if r["error"]:
            print(f"- {r['tag']}: FAILED: {r['error']}")
        print(f"- {r['tag']} timeline: " + timeline(r))
        if r["console"]:
            print(f"- {r['tag']} console errors: " + " | ".join(r["console"]))


def statuses(r):
    return ", ".join(f"{k}×{v}" for k, v in sorted(r["statuses"].items())) or "none"


def timeline(r):
    items = [(0.0, f"start (load average {r.get('load', 0):.2f})"), (r.get("listening"), "listening")]
    if r.get("first_thumbnail") is not None:
        items.append((r["first_thumbnail"], "first thumbnail 200"))
    if r.get("first_bad_thumbnail"):
        t, status, url = r["first_bad_thumbnail"]
        items.append((t, f"first thumbnail {status} ({url})"))
    if r["full"] is not None:
        items.append((r["full"], f"screen full ({r.get('full_cells')} cells; {r.get('full_answered')} thumbnails answered by then)"))
    if r["final"] is not None:
        items.append((r["final"], f"final first screen shown ({r.get('final_answered')} thumbnails answered by then)"))
    seen = set()
    for t, text in r["timeline"]:
        key = text.split(" ")[0:2] if text.startswith("event index") else text
        if text.startswith("event index"):
            phase = json.loads(text.split(" ", 2)[2]).get("phase")
            if phase in seen:
                continue  # each phase's first event only (progress comes ten a second)
            seen.add(phase)
        items.append((t, text))
    items = [(t, s) for t, s in items if t is not None]
    items.sort(key=lambda x: x[0])
    return "; ".join(f"{t:.2f} s {s}" for t, s in items)


def main():
    signal.signal(signal.SIGTERM, on_signal)
    if not os.access(BIN, os.X_OK):
        sys.exit(f"no binary at {BIN} (PHOTOGRID=path)")
    from playwright.sync_api import sync_playwright
    folders = {size: make_set(size) for size in SIZES}
    summary = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            for size in SIZES:
                folder = folders[size]
                files = sum(len(f) for _, _, f in os.walk(folder))
                log(f"{size:,} photos: {folder} ({files:,} files)")
                last_db = None
                for viewport in VIEWPORTS:
                    log(f"  {viewport[0]}: cold…")
                    cold = run_one(browser, size, folder, viewport, True)
                    log(f"  {viewport[0]}: warm…")
                    warm = run_one(browser, size, folder, viewport, False)
                    report(size, viewport, cold, warm)
                    summary.append((size, viewport[0], cold, warm))
                    if warm["done"] is not None:
                        last_db = warm["db"]
                    sys.stdout.flush()
                if last_db:
                    log(f"  photogrid thumbs --jobs 2 for {THUMBS_SECONDS:g} s…")
                    rate, made, elapsed, finished = thumbs_rate(last_db, size)
                    rates = [ahead(r)[1] for s, _, c, w in summary if s == size for r in (c, w)]
                    rates = [x for x in rates if x]
                    server = f"{max(rates):.1f} thumbnails/s ahead of requests" if rates else "none made ahead of requests (only those the page asked for)"
                    thumbs = "no thumbnail made" if rate is None else f"{rate:.1f} thumbnails/s ({made:,} grid-387 in {elapsed:.1f} s{', all' if finished else ', stopped'})"
                    print(f"\nbackground thumbnails, {size:,} photos: server {server}; `photogrid thumbs --db <lib> --jobs 2` (warm run's library, new folder): {thumbs}")
        finally:
            browser.close()
    print(f"\nPHOTOGRID={BIN} (binary modified {time.strftime('%Y-%m-%d %H:%M', time.localtime(os.path.getmtime(BIN)))}); Chromium {CHROMIUM}; {os.cpu_count()} cores")
    print(f"command: {COMMAND}")


if __name__ == "__main__":
    try:
        main()
    except (Stop, KeyboardInterrupt) as stop:
        sys.exit(f"stopped: {stop}")
