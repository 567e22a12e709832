// Peer renderer for scripts/compare-peers.sh: Qt Quick (qmlscene) draws the poses written
// by `parallax-bench --poses DIR`, one Image (smooth, linear filtering) or Rectangle per
// quad under a projective Matrix4x4 (perspective-correct, like ours), in a 1920x1080
// window, and prints the frame rate over FRAMES frames after 10 of warm-up, timed from
// animation tick to animation tick (an endless animation makes Qt render frame after
// frame, one tick each). The script substitutes @DIR@ and @FRAMES@.
//
// Does NOT: clip or round corners; it presents every frame to its window (a copy of the
// frame that our offscreen benchmark does not pay).
import QtQuick 2.15

Rectangle {
    id: win
    width: 1920; height: 1080
    color: "#14141a"
    property real tick: 0
    property string dir: "@DIR@"
    property int measured: @FRAMES@
    property var frames: []
    property var files: ({})
    property int shown: 0
    property double started: 0

    function load() {
        var xhr = new XMLHttpRequest();
        xhr.open("GET", "file://" + dir + "/poses.txt", false);
        xhr.send();
        var lines = xhr.responseText.split("\n");
        var current = null, most = 0;
        for (var i = 0; i < lines.length; i++) {
            var f = lines[i].split(" ");
            if (f[0] === "image") files[f[1]] = "file://" + dir + "/" + f[2];
            else if (f[0] === "frame") { current = []; frames.push(current); }
            else if (f[0] === "q" && current !== null) {
                var n = f.slice(1).map(Number);
                current.push({ image: n[0], opacity: n[1], color: Qt.rgba(n[2], n[3], n[4], n[5]), xy: n.slice(6, 14), uv: n.slice(14, 18) });
                most = Math.max(most, current.length);
            }
        }
        quads.model = most;
    }

    // The homography taking the unit square to the quad (TL, TR, BR, BL), as a Qt matrix.
    function matrixFor(p) {
        var x0 = p[0], y0 = p[1], x1 = p[2], y1 = p[3], x2 = p[4], y2 = p[5], x3 = p[6], y3 = p[7];
        var dx1 = x1 - x2, dx2 = x3 - x2, dx3 = x0 - x1 + x2 - x3;
        var dy1 = y1 - y2, dy2 = y3 - y2, dy3 = y0 - y1 + y2 - y3;
        var den = dx1 * dy2 - dx2 * dy1;
        var g = den !== 0 ? (dx3 * dy2 - dx2 * dy3) / den : 0, h = den !== 0 ? (dx1 * dy3 - dx3 * dy1) / den : 0;
        return Qt.matrix4x4(x1 - x0 + g * x1, x3 - x0 + h * x3, 0, x0,
                            y1 - y0 + g * y1, y3 - y0 + h * y3, 0, y0,
                            0, 0, 1, 0,
                            g, h, 0, 1);
    }

    function show(n) {
        var frame = frames[n % frames.length];
        for (var i = 0; i < quads.count; i++) {
            var item = quads.itemAt(i);
            if (i >= frame.length) { item.visible = false; continue; }
            var q = frame[i];
            item.visible = true;
            item.opacity = q.opacity;
            item.textured = q.image >= 0;
            item.source = q.image >= 0 ? files[q.image] : "";
            item.fill = q.color;
            item.uv = q.uv;
            item.matrix.matrix = matrixFor(q.xy);
        }
    }

    Repeater {
        id: quads
        model: 0
        Item {
            property bool textured: false
            property alias source: image.source
            property alias fill: rect.color
            property var uv: [0, 0, 1, 1]
            property alias matrix: m
            width: 1; height: 1
            transform: Matrix4x4 { id: m }
            Image {
                id: image
                anchors.fill: parent
                visible: parent.textured
                smooth: true
                asynchronous: false
                fillMode: Image.Stretch
                sourceClipRect: (parent.uv[0] > 0 || parent.uv[1] > 0 || parent.uv[2] < 1 || parent.uv[3] < 1) && sourceSize.width > 0
                    ? Qt.rect(parent.uv[0] * sourceSize.width, parent.uv[1] * sourceSize.height,
                              (parent.uv[2] - parent.uv[0]) * sourceSize.width, (parent.uv[3] - parent.uv[1]) * sourceSize.height)
                    : undefined
            }
            Rectangle { id: rect; anchors.fill: parent; visible: !parent.textured }
        }
    }

    NumberAnimation on tick { from: 0; to: 1; duration: 1000; loops: Animation.Infinite }

    onTickChanged: {
        if (frames.length === 0) return;
        shown += 1;
        if (shown === 10) started = Date.now();
        if (shown === 10 + measured) {
            var ms = (Date.now() - started) / measured;
            console.log("qt_quick: " + measured + " frames, mean " + ms.toFixed(2) + " ms, " + (1000 / ms).toFixed(1) + " fps");
            Qt.quit();
        }
        show(shown);
    }

    Component.onCompleted: { load(); show(0); }
}
