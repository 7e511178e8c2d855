"""An executable formal model of Nemesis and its Void Seeders expansion."""

__version__ = "0.1.0"
