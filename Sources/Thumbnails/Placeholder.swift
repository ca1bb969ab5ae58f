import JPEG
import Imaging
import GridLayout
public enum ThumbnailsPlaceholder {}
