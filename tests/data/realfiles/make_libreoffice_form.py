"""Writes tests/data/realfiles/pdf/libreoffice-form.pdf: a filled PDF form made by LibreOffice itself
(Writer text-field controls holding "Alice" and "Bob", exported with form fields). On the page
the reader sees "First Name  Alice"; the values live in widget annotations, not in the page's
content stream, which is why a text check once missed them.

    docker run --rm --network none -u root -e HOME=/tmp -v "$PWD/tests/data/realfiles:/lo" \
        mka-autorater:latest python3 /lo/make_libreoffice_form.py

(the grading image has LibreOffice and python3-uno; the output is committed)."""
import subprocess, time, uno
from com.sun.star.beans import PropertyValue
from com.sun.star.awt import Size, Point

def prop(name, value):
    p = PropertyValue(); p.Name = name; p.Value = value; return p

soffice = subprocess.Popen(["soffice", "--headless", "--invisible", "--norestore", "--accept=pipe,name=mkaform;urp;"])
ctx = None
local = uno.getComponentContext()
resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
for _ in range(60):
    try:
        ctx = resolver.resolve("uno:pipe,name=mkaform;urp;StarOffice.ComponentContext"); break
    except Exception:
        time.sleep(0.5)
desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
doc = desktop.loadComponentFromURL("private:factory/swriter", "_blank", 0, (prop("Hidden", True),))
text = doc.Text
cursor = text.createTextCursor()
text.insertString(cursor, "Registration form\n", False)
for y, (label, name, value) in enumerate([("First Name", "FirstName", "Alice"), ("Friend", "FriendName", "Bob")]):
    text.insertString(cursor, label + " ", False)
    model = doc.createInstance("com.sun.star.form.component.TextField")
    model.Name = name
    model.Text = value
    shape = doc.createInstance("com.sun.star.drawing.ControlShape")
    shape.Size = Size(4000, 700)
    shape.AnchorType = uno.Enum("com.sun.star.text.TextContentAnchorType", "AS_CHARACTER")
    shape.Control = model
    text.insertTextContent(cursor, shape, False)
    text.insertString(cursor, "\n", False)
doc.storeToURL("file:///lo/pdf/libreoffice-form.pdf", (prop("FilterName", "writer_pdf_Export"),
    prop("FilterData", uno.Any("[]com.sun.star.beans.PropertyValue", (prop("ExportFormFields", True),)))))
doc.close(True)
try:
    desktop.terminate()
except Exception:
    pass
soffice.wait(timeout=30)
