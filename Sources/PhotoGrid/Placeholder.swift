import GridLayout
import PhotoLibrary
import Thumbnails
public enum PhotoGridPlaceholder {}
