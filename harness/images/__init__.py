"""Build the sandbox, autorater and harness images without needing a registry."""

from harness.images.build import ImageMissingError, build_images, resolve_image
from harness.images.specs import IMAGE_SPECS, ImageSpec

__all__ = ["IMAGE_SPECS", "ImageMissingError", "ImageSpec", "build_images", "resolve_image"]
