#!/bin/sh
# Regenerates the app icons from build/icon.svg (an upload arrow on the app's indigo): build/icon.png for
# macOS/Windows (electron-builder converts it to icns/ico) and build/icons/<size>x<size>.png for Linux.
# Needs ImageMagick's `convert`.
set -eu
cd "$(dirname "$0")"
convert -background none -density 96 icon.svg -resize 512x512 -depth 8 icon.png
mkdir -p icons
for size in 16 32 48 64 128 256 512; do
  convert icon.png -resize "${size}x${size}" "icons/${size}x${size}.png"
done
