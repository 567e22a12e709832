import CGL

/// Measures GPU time per frame with GL_TIME_ELAPSED queries (core in GL 3.3), reading
/// results a few frames late so the CPU never waits for the GPU.
final class GPUTimer {
    private var queries: [GLuint] = [0, 0, 0, 0]
    private var pending: [Bool] = [false, false, false, false]
    private var index = 0
    private var active = false
    /// The most recent measured frame time in milliseconds.
    private(set) var lastMilliseconds: Double?

    /// Nil when the driver reports no timer bits.
    init?() {
        var bits: GLint = 0
        glGetQueryiv(GLConstant.timeElapsed, GLConstant.queryCounterBits, &bits)
        guard bits > 0 else { return nil }
        glGenQueries(GLsizei(queries.count), &queries)
    }

    deinit { glDeleteQueries(GLsizei(queries.count), &queries) }

    func begin() {
        collect()
        if pending[index] { return }   // still in flight: skip timing this frame
        glBeginQuery(GLConstant.timeElapsed, queries[index])
        active = true
    }

    func end() {
        guard active else { return }
        glEndQuery(GLConstant.timeElapsed)
        pending[index] = true
        active = false
        index = (index + 1) % queries.count
    }

    /// Reads every finished query, oldest first; `wait` blocks for the pending ones.
    func collect(wait: Bool = false) {
        for k in 1...queries.count {
            let i = (index + k) % queries.count
            guard pending[i] else { continue }
            var available: GLint = 0
            if !wait {
                glGetQueryObjectiv(queries[i], GLConstant.queryResultAvailable, &available)
                if available == 0 { continue }
            }
            var nanoseconds: GLuint64 = 0
            glGetQueryObjectui64v(queries[i], GLConstant.queryResult, &nanoseconds)
            pending[i] = false
            lastMilliseconds = Double(nanoseconds) / 1_000_000
        }
    }
}
