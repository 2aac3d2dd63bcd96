import Bugle
