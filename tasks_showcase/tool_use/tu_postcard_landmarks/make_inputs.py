"""Inputs: four picture postcards of European landmarks pinned to an office board."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_lib"))
from imgkit import font, gradient, grain, out_dir, save_jpeg, shadow_paste, texture
from PIL import ImageDraw

SEED = 1010
W, H = 480, 320
INK = (40, 30, 50)


def eiffel(d):
    d.polygon([(240, 40), (250, 40), (300, 270), (272, 270), (245, 200), (218, 270), (190, 270)], fill=INK)
    d.rectangle((205, 150, 285, 160), fill=INK)
    d.rectangle((222, 100, 268, 108), fill=INK)
    d.line((240, 20, 245, 40), fill=INK, width=3)


def colosseum(d):
    d.rectangle((70, 120, 410, 270), fill=(150, 110, 80))
    for row, y in enumerate((135, 180, 225)):
        for x in range(85, 400, 34):
            d.rounded_rectangle((x, y, x + 20, y + 34), 10, fill=(70, 45, 35))
    d.polygon([(300, 120), (410, 120), (410, 95)], fill=(150, 110, 80))


def big_ben(d):
    d.rectangle((215, 90, 265, 270), fill=(120, 100, 60))
    d.ellipse((220, 110, 260, 150), fill=(240, 230, 200), outline=INK, width=3)
    d.polygon([(210, 90), (270, 90), (240, 25)], fill=(90, 80, 50))
    d.rectangle((60, 200, 215, 270), fill=(130, 110, 70))
    d.rectangle((265, 200, 430, 270), fill=(130, 110, 70))


def sagrada(d):
    for x, top in ((150, 60), (190, 35), (230, 25), (270, 35), (310, 60)):
        d.polygon([(x - 14, 270), (x + 14, 270), (x, top)], fill=(170, 140, 100))
        for y in range(top + 50, 260, 30):
            d.ellipse((x - 3, y, x + 3, y + 8), fill=(90, 70, 50))
    d.rectangle((120, 200, 340, 270), fill=(160, 130, 90))


CARDS = [(eiffel, "Bonjour from the Tour Eiffel!", ((250, 170, 120), (120, 80, 140))),
         (colosseum, "Saluti dal Colosseo, Roma", ((120, 180, 240), (230, 240, 250))),
         (big_ben, "Cheers from Big Ben, London", ((170, 190, 210), (220, 225, 230))),
         (sagrada, "Records de la Sagrada Familia", ((90, 160, 230), (250, 220, 170)))]


def card(draw_scene, caption, sky, i):
    img = gradient((W, H), *sky)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 270, W, H), fill=(90, 120, 80))
    draw_scene(d)
    d.rectangle((0, 0, W - 1, H - 1), outline=(255, 255, 255), width=10)
    d.text((22, 278), caption, font=font("times-bold", 27), fill=(255, 255, 255), stroke_width=2,
           stroke_fill=(30, 30, 30))
    return img


def main():
    out = out_dir()
    img = texture((1100, 800), (160, 124, 86), SEED, amount=16, blur=0.8)  # cork board
    spots = [(40, 40, -3), (570, 30, 2), (60, 420, 2), (590, 430, -2)]
    for i, ((scene, caption, sky), (x, y, a)) in enumerate(zip(CARDS, spots)):
        shadow_paste(img, card(scene, caption, sky, i), (x, y), angle=a, offset=8, blur=8)
    save_jpeg(grain(img, SEED, 2.0), out / "postcards.jpg", quality=86)


if __name__ == "__main__":
    main()
