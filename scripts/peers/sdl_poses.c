// Peer renderer for scripts/compare-peers.sh: draws the poses written by
// `parallax-bench --poses DIR` with SDL_Renderer's opengl backend (linear filtering, each
// quad as two textured triangles through SDL_RenderGeometry, straight-alpha blending) into
// a W x H target texture, waits for the GPU (glFinish) every frame, and prints the median
// frame time and frame rate. Usage: sdl_poses DIR [FRAMES]
//
// Does NOT: clip, round corners or texture with perspective (SDL_RenderGeometry is 2D
// and affine): it does the same blending work with less per-pixel care.
#include <SDL.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { int image; float opacity, r, g, b, a, xy[8], uv[4]; } Quad;
typedef struct { int first, count; } Frame;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void fail(const char *what, const char *detail) {
    fprintf(stderr, "sdl_poses: %s: %s\n", what, detail);
    exit(1);
}

int main(int argc, char **argv) {
    if (argc < 2) fail("usage", "sdl_poses DIR [FRAMES]");
    int frames = argc > 2 ? atoi(argv[2]) : 240;
    char path[4096];
    snprintf(path, sizeof path, "%s/poses.txt", argv[1]);
    FILE *f = fopen(path, "r");
    if (!f) fail(path, "cannot open");
    int width = 0, height = 0;
    int imageIds[256], imageCount = 0;
    char imageFiles[256][256];
    Quad *quads = NULL; int quadCount = 0, quadCap = 0;
    Frame *frameList = NULL; int frameCount = 0, frameCap = 0;
    char line[1024];
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "size %d %d", &width, &height) == 2) continue;
        if (strncmp(line, "image ", 6) == 0 && imageCount < 256) {
            if (sscanf(line, "image %d %255s", &imageIds[imageCount], imageFiles[imageCount]) == 2) imageCount++;
            continue;
        }
        if (strncmp(line, "frame ", 6) == 0) {
            if (frameCount == frameCap) { frameCap = frameCap ? frameCap * 2 : 64; frameList = realloc(frameList, frameCap * sizeof(Frame)); }
            frameList[frameCount++] = (Frame){quadCount, 0};
            continue;
        }
        if (line[0] == 'q' && frameCount > 0) {
            Quad q;
            if (sscanf(line, "q %d %f %f %f %f %f %f %f %f %f %f %f %f %f %f %f %f %f %f", &q.image, &q.opacity, &q.r, &q.g, &q.b, &q.a,
                       &q.xy[0], &q.xy[1], &q.xy[2], &q.xy[3], &q.xy[4], &q.xy[5], &q.xy[6], &q.xy[7],
                       &q.uv[0], &q.uv[1], &q.uv[2], &q.uv[3]) != 18) continue;
            if (quadCount == quadCap) { quadCap = quadCap ? quadCap * 2 : 256; quads = realloc(quads, quadCap * sizeof(Quad)); }
            quads[quadCount++] = q;
            frameList[frameCount - 1].count++;
        }
    }
    fclose(f);
    if (width <= 0 || height <= 0 || frameCount == 0) fail(path, "no size or no frames");

    SDL_SetHint(SDL_HINT_RENDER_DRIVER, "opengl");
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1");
    SDL_SetHint(SDL_HINT_RENDER_BATCHING, "1");
    if (SDL_Init(SDL_INIT_VIDEO) != 0) fail("SDL_Init", SDL_GetError());
    SDL_Window *window = SDL_CreateWindow("sdl_poses", 0, 0, 64, 64, SDL_WINDOW_OPENGL | SDL_WINDOW_HIDDEN);
    if (!window) fail("SDL_CreateWindow", SDL_GetError());
    SDL_Renderer *renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_TARGETTEXTURE);
    if (!renderer) fail("SDL_CreateRenderer", SDL_GetError());
    SDL_RendererInfo info;
    SDL_GetRendererInfo(renderer, &info);
    void (*finish)(void) = (void (*)(void))SDL_GL_GetProcAddress("glFinish");
    if (!finish) fail("glFinish", "not found");
    SDL_Texture *target = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ABGR8888, SDL_TEXTUREACCESS_TARGET, width, height);
    if (!target) fail("target texture", SDL_GetError());

    SDL_Texture *textures[256] = {0};
    for (int i = 0; i < imageCount; i++) {
        png_image img;
        memset(&img, 0, sizeof img);
        img.version = PNG_IMAGE_VERSION;
        snprintf(path, sizeof path, "%s/%s", argv[1], imageFiles[i]);
        if (!png_image_begin_read_from_file(&img, path)) fail(path, img.message);
        img.format = PNG_FORMAT_RGBA;
        png_bytep pixels = malloc(PNG_IMAGE_SIZE(img));
        if (!png_image_finish_read(&img, NULL, pixels, 0, NULL)) fail(path, img.message);
        textures[i] = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ABGR8888, SDL_TEXTUREACCESS_STATIC, img.width, img.height);
        SDL_UpdateTexture(textures[i], NULL, pixels, img.width * 4);
        SDL_SetTextureBlendMode(textures[i], SDL_BLENDMODE_BLEND);
        free(pixels);
    }

    double *samples = malloc(sizeof(double) * frames);
    const int indices[6] = {0, 1, 2, 0, 2, 3};
    for (int n = -10; n < frames; n++) {
        Frame fr = frameList[(n < 0 ? 0 : n) % frameCount];
        double t0 = now();
        SDL_SetRenderTarget(renderer, target);
        SDL_SetRenderDrawColor(renderer, 20, 20, 26, 255);
        SDL_RenderClear(renderer);
        for (int k = fr.first; k < fr.first + fr.count; k++) {
            Quad *q = &quads[k];
            SDL_Texture *t = NULL;
            for (int i = 0; i < imageCount; i++) if (imageIds[i] == q->image) t = textures[i];
            if (q->image >= 0 && !t) continue;
            float a = q->opacity * (q->image >= 0 ? 1 : q->a);
            SDL_Color c = {(Uint8)(255 * (q->image >= 0 ? 1 : q->r)), (Uint8)(255 * (q->image >= 0 ? 1 : q->g)),
                           (Uint8)(255 * (q->image >= 0 ? 1 : q->b)), (Uint8)(255 * a + 0.5f)};
            float u[4] = {q->uv[0], q->uv[2], q->uv[2], q->uv[0]}, v[4] = {q->uv[1], q->uv[1], q->uv[3], q->uv[3]};
            SDL_Vertex vs[4];
            for (int i = 0; i < 4; i++) vs[i] = (SDL_Vertex){{q->xy[2 * i], q->xy[2 * i + 1]}, c, {u[i], v[i]}};
            SDL_RenderGeometry(renderer, t, vs, 4, indices, 6);
        }
        SDL_RenderFlush(renderer);
        finish();
        if (n >= 0) samples[n] = (now() - t0) * 1000;
    }
    const char *shot = getenv("SDL_POSES_PNG");   // optional: the last frame, to look at
    if (shot) {
        unsigned char *pixels = malloc((size_t)width * height * 4);
        SDL_RenderReadPixels(renderer, NULL, SDL_PIXELFORMAT_ABGR8888, pixels, width * 4);
        png_image out;
        memset(&out, 0, sizeof out);
        out.version = PNG_IMAGE_VERSION; out.width = width; out.height = height; out.format = PNG_FORMAT_RGBA;
        png_image_write_to_file(&out, shot, 0, pixels, width * 4, NULL);
        free(pixels);
    }
    qsort(samples, frames, sizeof(double), cmp);
    double median = samples[frames / 2];
    printf("sdl_renderer %s: %d frames of %d quads (first frame), median %.2f ms, %.1f fps\n", info.name, frames,
           frameList[0].count, median, 1000 / median);
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return 0;
}
